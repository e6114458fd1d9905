import { createHash } from 'node:crypto';
import { type Kysely, sql } from 'kysely';
import type { DB } from '../db/schema.js';

type Hits = { current: number; ttl: number };
type Callback = (error: Error | null, result?: Hits) => void;

/** Milliseconds until the window ends, on the database's clock. */
const TTL_MS = sql<number>`ceil(extract(epoch from (ends_at - now())) * 1000)::float8`;

// Windows that ended longer ago than this are removed (at most once a minute per process).
const SWEEP_EVERY_MS = 60_000;

/** Longest key kept as written; a longer one (client text in it) is kept as its digest, so rows stay small (issue 32). */
export const MAX_STORED_KEY_LENGTH = 64;
export const storedKey = (key: string) =>
  key.length <= MAX_STORED_KEY_LENGTH ? key : `sha256:${createHash('sha256').update(key).digest('base64url')}`;

/**
 * A store for @fastify/rate-limit (its documented `store` option: a class with incr, read and child) that keeps
 * each key's window in the database: every server process counts against one limit, and a restart forgets
 * nothing. The window starts at a key's first hit and its end is the database's clock, one for all processes.
 */
export function databaseRateLimitStore(db: Kysely<DB>) {
  let lastSweep = 0;
  const sweep = () => {
    if (Date.now() - lastSweep < SWEEP_EVERY_MS) return;
    lastSweep = Date.now();
    db.deleteFrom('rate_limit_window')
      .where('ends_at', '<', sql<Date>`now() - interval '1 hour'`)
      .execute()
      .catch(() => {});
  };

  return class DatabaseRateLimitStore {
    incr(rawKey: string, cb: Callback, timeWindow: number) {
      sweep();
      const key = storedKey(rawKey);
      // One statement: a fresh window, or one more hit in the current one (the row lock orders concurrent hits).
      sql<{ hits: number; ttl_ms: number }>`
        insert into rate_limit_window as w (key, hits, ends_at)
        values (${key}, 1, now() + ${timeWindow} * interval '1 millisecond')
        on conflict (key) do update set
          hits = case when w.ends_at <= now() then 1 else w.hits + 1 end,
          ends_at = case when w.ends_at <= now() then excluded.ends_at else w.ends_at end
        returning hits, ${TTL_MS} as ttl_ms`
        .execute(db)
        .then(
          ({ rows }) => cb(null, { current: Number(rows[0].hits), ttl: Math.max(0, Number(rows[0].ttl_ms)) }),
          (error) => cb(error),
        );
    }

    read(rawKey: string, cb: Callback) {
      const key = storedKey(rawKey);
      db.selectFrom('rate_limit_window')
        .select(['hits', TTL_MS.as('ttl_ms')])
        .where('key', '=', key)
        .where('ends_at', '>', sql<Date>`now()`)
        .executeTakeFirst()
        .then(
          (row) => cb(null, row ? { current: Number(row.hits), ttl: Number(row.ttl_ms) } : { current: 0, ttl: 0 }),
          (error) => cb(error),
        );
    }

    child() {
      return this;
    }
  };
}
