import { ERROR_TYPES } from '@openrescue/shared';
import { HttpError } from './http-error.js';

/** A slot held by one request; `release` is idempotent. */
export type Release = () => void;

/**
 * How many requests each key (a client address, a user, a public link) has in hand at once, in this process.
 * `tryAcquire` answers null past the key's limit, so the caller refuses at once instead of queueing: one client
 * cannot hold more than its share of the server.
 */
export function createKeyedConcurrency(limit: number) {
  const held = new Map<string, number>();
  return {
    limit,
    tryAcquire(key: string): Release | null {
      const current = held.get(key) ?? 0;
      if (current >= limit) return null;
      held.set(key, current + 1);
      let released = false;
      return () => {
        if (released) return;
        released = true;
        const left = (held.get(key) ?? 1) - 1;
        if (left <= 0) held.delete(key);
        else held.set(key, left);
      };
    },
    /** Requests `key` has in hand now. */
    count: (key: string) => held.get(key) ?? 0,
    /** Keys with at least one request in hand. */
    get keys() {
      return held.size;
    },
  };
}

export type KeyedConcurrency = ReturnType<typeof createKeyedConcurrency>;

/** Seconds a client refused for holding too many requests at once is asked to wait. */
export const BUSY_CLIENT_RETRY_AFTER_SECONDS = 1;

/** 429 with our error body: this client already has its share of requests in hand (the caller sets Retry-After). */
export const tooManyAtOnce = (what = 'requests') =>
  new HttpError(
    429,
    ERROR_TYPES.rateLimited,
    `Too many ${what} at once from you. Try again in a moment.`,
    'too many concurrent requests',
  );
