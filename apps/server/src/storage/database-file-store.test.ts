import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../db/connection.js';
import { openTestDatabase } from '../test-support/test-database.js';
import { createDatabaseFileStore } from './database-file-store.js';
import { storedBytes } from '../test-support/stored-bytes.js';

let database: Database;
beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(async () => database?.close());

const bytes = (n: number) => Uint8Array.from({ length: n }, (_, i) => (i * 31) % 256);

describe('the file store in the database', () => {
  it('reads what another process wrote, whole and by byte range', async () => {
    const writer = createDatabaseFileStore(database.db);
    const reader = createDatabaseFileStore(database.db);
    const data = bytes(100_000);
    expect(await writer.write('generated/2026-11-01/1-publish_all_1.pdf', data)).toBe(100_000);
    expect(await reader.exists('generated/2026-11-01/1-publish_all_1.pdf')).toBe(true);
    const file = await reader.read('generated/2026-11-01/1-publish_all_1.pdf');
    expect(file?.size).toBe(100_000);
    expect((await storedBytes(reader, 'generated/2026-11-01/1-publish_all_1.pdf'))!.equals(Buffer.from(data))).toBe(
      true,
    );
    const parts: Buffer[] = [];
    for await (const part of file!.stream({ start: 10, end: 19 })) parts.push(part as Buffer);
    expect(Buffer.concat(parts).equals(Buffer.from(data.subarray(10, 20)))).toBe(true);
  });

  it('replaces a file written again under its key', async () => {
    const files = createDatabaseFileStore(database.db);
    await files.write('recordings/1.wav', bytes(10));
    await files.write('recordings/1.wav', bytes(20));
    expect((await files.read('recordings/1.wav'))?.size).toBe(20);
  });

  it('answers a missing or malformed key as not stored, and refuses to write one', async () => {
    const files = createDatabaseFileStore(database.db);
    expect(await files.read('generated/none.pdf')).toBeNull();
    for (const key of ['../etc/passwd', '/abs', 'a/../b', '', 'a//b']) {
      expect(await files.read(key)).toBeNull();
      expect(await files.exists(key)).toBe(false);
      await expect(files.write(key, bytes(1))).rejects.toThrow(/not a stored file key/);
    }
  });
});
