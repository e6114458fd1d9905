import { randomBytes } from 'node:crypto';
import type { Database } from '../db/connection.js';

/**
 * AUTH_SECRET when configured; otherwise one generated on first start and kept in the database, so sessions and
 * cookies survive restarts and every process on one PostgreSQL shares it.
 */
export async function resolveAuthSecret(database: Database, configured?: string): Promise<string> {
  if (configured) return configured;
  const candidate = randomBytes(48).toString('base64url');
  await database.db
    .insertInto('app_secret')
    .values({ name: 'auth_secret', value: candidate })
    .onConflict((oc) => oc.column('name').doNothing())
    .execute();
  const row = await database.db
    .selectFrom('app_secret')
    .select('value')
    .where('name', '=', 'auth_secret')
    .executeTakeFirstOrThrow();
  return row.value;
}
