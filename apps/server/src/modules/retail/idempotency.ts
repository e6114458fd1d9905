import { createHash } from 'node:crypto';
import { type Kysely, sql, type Transaction } from 'kysely';
import type { DB } from '../../db/schema.js';
import { HttpError } from '../../lib/http-error.js';

export interface StoredAnswer {
  statusCode: number;
  body: unknown;
}

/** Canonical JSON (sorted keys) so the same body always hashes the same. */
function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (value && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>).filter(([, v]) => v !== undefined).sort(([a], [b]) => (a < b ? -1 : 1));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonical(v)}`).join(',')}}`;
  }
  return JSON.stringify(value ?? null);
}

export const requestHash = (body: unknown) => createHash('sha256').update(canonical(body)).digest('hex');

export const idempotencyConflict = () =>
  new HttpError(422, 'idempotency_conflict', 'This Idempotency-Key was already used with a different request.',
    'Send a new Idempotency-Key for a different request.');

/**
 * Runs `work` at most once per (scope, key). Insert-first locking: the claim row is inserted inside the work's
 * transaction, so a concurrent request with the same key waits on the unique key until the first one commits,
 * then replays its stored answer. A failed attempt (an error, rolled back) leaves no claim: a retry runs again.
 * The same key with another body is a 422 idempotency_conflict.
 */
export async function runIdempotent(
  db: Kysely<DB>,
  scope: string,
  key: string,
  body: unknown,
  work: (trx: Transaction<DB>) => Promise<StoredAnswer>,
): Promise<StoredAnswer> {
  const hash = requestHash(body);
  return db.transaction().execute(async (trx) => {
    const claimed = await sql<{ key: string }>`insert into request_idempotency (scope, key, request_hash, status_code, response)
      values (${scope}, ${key}, ${hash}, 0, 'null'::jsonb) on conflict (scope, key) do nothing returning key`.execute(trx);
    if (claimed.rows.length === 0) {
      const stored = await trx.selectFrom('request_idempotency').select(['request_hash', 'status_code', 'response'])
        .where('scope', '=', scope).where('key', '=', key).executeTakeFirstOrThrow();
      if (stored.request_hash !== hash) throw idempotencyConflict();
      return { statusCode: Number(stored.status_code), body: stored.response };
    }
    const answer = await work(trx);
    await sql`update request_idempotency set status_code = ${answer.statusCode}, response = ${JSON.stringify(answer.body)}::jsonb
      where scope = ${scope} and key = ${key}`.execute(trx);
    return answer;
  });
}
