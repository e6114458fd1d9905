import { type Kysely, sql } from 'kysely';
import type { DB } from '../../db/schema.js';

/** The integration keys' table (decision 0013): rows by their SHA-256, never the key itself. */
export const KEY_COLUMNS = ['id', 'name', 'scope', 'created_at', 'last_used_at', 'revoked_at'] as const;

export const keyRows = (db: Kysely<DB>) =>
  db
    .selectFrom('integration_key')
    .select([...KEY_COLUMNS])
    .orderBy('id')
    .execute();

/** The new key's row, or undefined when a key of that name exists. */
export const insertKey = (db: Kysely<DB>, name: string, keyHash: string) =>
  db
    .insertInto('integration_key')
    .values({ name, key_hash: keyHash })
    .onConflict((oc) => oc.column('name').doNothing())
    .returning([...KEY_COLUMNS])
    .executeTakeFirst();

/** Revokes the key (once: a second revoke keeps the first time); undefined when there is no such key. */
export const revokeKeyRow = (db: Kysely<DB>, id: number) =>
  db
    .updateTable('integration_key')
    .set({ revoked_at: sql`coalesce(revoked_at, now())` })
    .where('id', '=', id)
    .returning([...KEY_COLUMNS])
    .executeTakeFirst();

/** Marks the live transcripts key of this hash used and returns its id; undefined when none is. */
export const useKey = (db: Kysely<DB>, keyHash: string) =>
  db
    .updateTable('integration_key')
    .set({ last_used_at: sql`now()` })
    .where('key_hash', '=', keyHash)
    .where('revoked_at', 'is', null)
    .where('scope', '=', 'transcripts')
    .returning('id')
    .executeTakeFirst();
