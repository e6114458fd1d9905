import { Readable } from 'node:stream';
import type { Kysely } from 'kysely';
import type { DB } from '../db/schema.js';
import { type FileStore, isStoredFileKey } from './file-store.js';

/**
 * The file store in the database (FILE_STORE=database, the default on PostgreSQL): every server process reads what
 * another wrote, and a file is committed with the transaction that writes it, complete or not at all. Published
 * documents are tens to hundreds of kilobytes; a recording a few megabytes.
 */
export function createDatabaseFileStore(db: Kysely<DB>): FileStore {
  const checked = (key: string) => {
    if (!isStoredFileKey(key)) throw new Error(`not a stored file key: ${key}`);
    return key;
  };
  return {
    async write(key, data) {
      const bytes = Buffer.from(data.buffer, data.byteOffset, data.byteLength);
      await db
        .insertInto('stored_file')
        .values({ key: checked(key), data: bytes, size: bytes.byteLength })
        .onConflict((oc) =>
          oc.column('key').doUpdateSet({ data: bytes, size: bytes.byteLength, stored_at: new Date() }),
        )
        .execute();
      return bytes.byteLength;
    },
    async read(key) {
      if (!isStoredFileKey(key)) return null;
      const row = await db.selectFrom('stored_file').select(['data', 'size']).where('key', '=', key).executeTakeFirst();
      if (!row) return null;
      const data = Buffer.from(row.data);
      return {
        size: row.size,
        stream: (range) => Readable.from([range ? data.subarray(range.start, range.end + 1) : data]),
      };
    },
    async exists(key) {
      if (!isStoredFileKey(key)) return false;
      const row = await db.selectFrom('stored_file').select('key').where('key', '=', key).executeTakeFirst();
      return row !== undefined;
    },
    async clearTemporary() {
      return 0; // nothing half-written survives a transaction
    },
  };
}
