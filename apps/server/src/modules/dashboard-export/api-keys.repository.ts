import { type Kysely, sql } from 'kysely';
import type { DB } from '../../db/schema.js';

/** Company API keys (migration 025): rows by their SHA-256, never the key itself. */
export const API_KEY_COLUMNS = [
  'id',
  'company_id',
  'name',
  'key_end',
  'created_by',
  'created_at',
  'last_used_at',
  'revoked_at',
] as const;

/** The company's keys, newest first (revoked ones too: the list says when). */
export const companyKeyRows = (db: Kysely<DB>, companyId: number) =>
  db
    .selectFrom('company_api_key')
    .select([...API_KEY_COLUMNS])
    .where('company_id', '=', companyId)
    .orderBy('id', 'desc')
    .execute();

/** The new key's row, or undefined when a live key of that name exists in the company. */
export const insertCompanyKey = (
  db: Kysely<DB>,
  row: { company_id: number; name: string; key_hash: string; key_end: string; created_by: string },
) =>
  db
    .insertInto('company_api_key')
    .values(row)
    .onConflict((oc) => oc.columns(['company_id', 'name']).where('revoked_at', 'is', null).doNothing())
    .returning([...API_KEY_COLUMNS])
    .executeTakeFirst();

/** Revokes the company's key (once: a second revoke keeps the first time); undefined when the company has no such key. */
export const revokeCompanyKeyRow = (db: Kysely<DB>, companyId: number, id: number) =>
  db
    .updateTable('company_api_key')
    .set({ revoked_at: sql`coalesce(revoked_at, now())` })
    .where('id', '=', id)
    .where('company_id', '=', companyId)
    .returning([...API_KEY_COLUMNS])
    .executeTakeFirst();

/** Marks the live key of this hash used; its id and company, or undefined when none is live. */
export const useCompanyKey = (db: Kysely<DB>, keyHash: string) =>
  db
    .updateTable('company_api_key')
    .set({ last_used_at: sql`now()` })
    .where('key_hash', '=', keyHash)
    .where('revoked_at', 'is', null)
    .returning(['id', 'company_id'])
    .executeTakeFirst();
