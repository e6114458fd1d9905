import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.js';

/** The links' version on their receiver or store row: a link signed with an older one opens nothing. */
type LinkTable = 'receiver' | 'store';

export async function tokenVersionOf(db: Kysely<DB>, table: LinkTable, id: number): Promise<number | null> {
  const row = await db.selectFrom(table).select('token_version').where('id', '=', id).executeTakeFirst();
  return row ? Number(row.token_version) : null;
}

/** One more version (every link signed before stops working); null when there is no such row. */
export async function bumpTokenVersion(db: Kysely<DB>, table: LinkTable, id: number): Promise<number | null> {
  const row = await db
    .updateTable(table)
    .set((eb) => ({ token_version: eb('token_version', '+', 1) }))
    .where('id', '=', id)
    .returning('token_version')
    .executeTakeFirst();
  return row ? Number(row.token_version) : null;
}
