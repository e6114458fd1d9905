import { type Kysely, sql } from 'kysely';
import type { DB } from '../../db/schema.js';

/** The database answers a query (the health check); throws when it cannot be reached. */
export async function pingDatabase(db: Kysely<DB>): Promise<void> {
  await sql`select 1`.execute(db);
}
