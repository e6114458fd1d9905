import { createHash } from 'node:crypto';
import type { Kysely, Transaction } from 'kysely';
import type { DB } from '../../db/schema.js';
import type { FastifyInstance } from 'fastify';
import { HttpError } from '../../lib/http-error.js';
import { claimKey, deleteKeysOlderThan, storeAnswer, storedAnswer } from './idempotency.repository.js';

export interface StoredAnswer {
  statusCode: number;
  body: unknown;
}

/** Canonical JSON (sorted keys) so the same body always hashes the same. */
function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (value && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : 1));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonical(v)}`).join(',')}}`;
  }
  return JSON.stringify(value ?? null);
}

export const requestHash = (body: unknown) => createHash('sha256').update(canonical(body)).digest('hex');

export const idempotencyConflict = () =>
  new HttpError(
    422,
    'idempotency_conflict',
    'This Idempotency-Key was already used with a different request.',
    'Send a new Idempotency-Key for a different request.',
  );

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
    if (!(await claimKey(trx, scope, key, hash))) {
      const stored = await storedAnswer(trx, scope, key);
      if (stored.request_hash !== hash) throw idempotencyConflict();
      return { statusCode: Number(stored.status_code), body: stored.response };
    }
    const answer = await work(trx);
    await storeAnswer(trx, scope, key, answer);
    return answer;
  });
}

/** How long a stored answer is replayed (Stripe keeps keys 24 hours); after that the key may run again. */
export const IDEMPOTENCY_KEY_TTL_HOURS = 24;

/** Deletes stored answers older than the time to live; returns how many went. */
export async function pruneIdempotencyKeys(
  db: Kysely<DB>,
  olderThanHours = IDEMPOTENCY_KEY_TTL_HOURS,
): Promise<number> {
  return deleteKeysOlderThan(db, olderThanHours);
}

/** Prunes once when the server is ready and then hourly, until it closes. */
export function scheduleIdempotencyPruning(app: FastifyInstance, db: Kysely<DB>, everyMs = 60 * 60 * 1000) {
  let timer: NodeJS.Timeout | undefined;
  const prune = () =>
    pruneIdempotencyKeys(db).catch((error: unknown) => app.log.warn({ err: error }, 'pruning idempotency keys failed'));
  app.addHook('onReady', async () => {
    void prune();
    timer = setInterval(prune, everyMs);
    timer.unref();
  });
  app.addHook('onClose', async () => clearInterval(timer));
}
