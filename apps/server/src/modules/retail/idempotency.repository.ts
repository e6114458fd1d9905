import { type Kysely, sql, type Transaction } from 'kysely';
import type { DB } from '../../db/schema.js';

/** Idempotency keys (idempotency.ts): one row per scope and key, the request's hash and the answer once given. */

/** Claims the key for this request (true), or finds it taken (false: its answer, or a request still running). */
export async function claimKey(trx: Transaction<DB>, scope: string, key: string, hash: string): Promise<boolean> {
  const claimed = await sql<{
    key: string;
  }>`insert into request_idempotency (scope, key, request_hash, status_code, response)
    values (${scope}, ${key}, ${hash}, 0, 'null'::jsonb) on conflict (scope, key) do nothing returning key`.execute(
    trx,
  );
  return claimed.rows.length > 0;
}

export const storedAnswer = (trx: Transaction<DB>, scope: string, key: string) =>
  trx
    .selectFrom('request_idempotency')
    .select(['request_hash', 'status_code', 'response'])
    .where('scope', '=', scope)
    .where('key', '=', key)
    .executeTakeFirstOrThrow();

export async function storeAnswer(
  trx: Transaction<DB>,
  scope: string,
  key: string,
  answer: { statusCode: number; body: unknown },
): Promise<void> {
  await sql`update request_idempotency set status_code = ${answer.statusCode}, response = ${JSON.stringify(answer.body)}::jsonb
    where scope = ${scope} and key = ${key}`.execute(trx);
}

/** Removes the keys older than `hours`; returns how many. */
export async function deleteKeysOlderThan(db: Kysely<DB>, hours: number): Promise<number> {
  const result = await sql`delete from request_idempotency
    where created_at < now() - make_interval(hours => ${hours}::int)`.execute(db);
  return Number(result.numAffectedRows ?? 0);
}
