import { AsyncLocalStorage } from 'node:async_hooks';
import { APIError } from 'better-auth/api';
import { hashPassword, verifyPassword } from 'better-auth/crypto';
import { createKeyedConcurrency, type Release } from '../lib/keyed-concurrency.js';

/**
 * Password hashing, one at a time, behind a bounded door (issue 32, item 2).
 *
 * Each hash (scrypt, N=16384, r=16) holds 32 MB while it runs, on one of libuv's four threads: a burst of sign-ins
 * ran four at once and lifted the server's memory by ~130 MB. One at a time keeps that to 32 MB and leaves the other
 * core to the requests already signed in. A hash takes 0.1-0.3 s on these machines, so:
 * - a request that would hash (sign-in, change-password, ...) is admitted only while fewer than PER_ADDRESS of its
 *   address's and fewer than IN_QUEUE of everyone's are in hand; past that it is refused at once (429, Retry-After)
 *   instead of waiting behind a flood. One address never fills the queue: another always finds room;
 * - the queue takes addresses in turn (one hash for each address waiting, then round again), so a person's sign-in
 *   waits for one hash per other address waiting, not for everything a flood has queued;
 * - when its turn comes, a request whose client has gone (socket closed) is not hashed at all.
 */
export const PASSWORD_QUEUE = { PER_ADDRESS: 12, IN_QUEUE: 16, RETRY_AFTER_SECONDS: 1 } as const;

/** What the hashing code knows of the request it works for: set by the auth routes around the library's handler. */
interface ClientState {
  address: string;
  gone(): boolean;
  /** A browser known to the account (known-device.ts): hashed before the addresses' round. */
  priority?: boolean;
}
const client = new AsyncLocalStorage<ClientState>();

/** Runs `fn` (the auth library's handler) knowing whether the client that sent the request is still there. */
export function forClient<T>(state: ClientState, fn: () => Promise<T>): Promise<T> {
  return client.run(state, fn);
}

/** Hashes waiting, per address, in the order addresses take turns (a Map keeps insertion order). */
const waiting = new Map<string, Array<() => Promise<void>>>();
/** Known browsers' hashes: an attacker has none (it takes the password), so they go first. */
const firstInLine: Array<() => Promise<void>> = [];
let hashingNow = false;

function hashNext() {
  if (hashingNow) return;
  const first = firstInLine.shift();
  if (first) {
    hashingNow = true;
    void first().finally(() => {
      hashingNow = false;
      hashNext();
    });
    return;
  }
  const next = waiting.entries().next();
  if (next.done) return;
  const [address, jobs] = next.value;
  const job = jobs.shift()!;
  waiting.delete(address);
  if (jobs.length) waiting.set(address, jobs); // to the back of the round
  hashingNow = true;
  void job().finally(() => {
    hashingNow = false;
    hashNext();
  });
}

/** Runs `work` when `address`'s turn comes (a known browser's first), one at a time over every address. */
function hashing<T>(address: string, priority: boolean, work: () => Promise<T>): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const job = () => work().then(resolve, reject);
    if (priority) firstInLine.push(job);
    else waiting.set(address, [...(waiting.get(address) ?? []), job]);
    hashNext();
  });
}
const everyone = createKeyedConcurrency(PASSWORD_QUEUE.IN_QUEUE);
const perAddress = createKeyedConcurrency(PASSWORD_QUEUE.PER_ADDRESS);

/** Figures for tests and logs: hashes run, and hashes skipped because their client had gone. */
export const passwordQueueStats = { hashed: 0, skippedGone: 0 };

/** A place in the queue for one request from `address`, or null when the queue (or the address's share) is full. */
export function admitToPasswordQueue(address: string, knownDevice = false): Release | null {
  // A browser known to the account (known-device.ts) is not kept out by a queue others filled: it still keeps to its
  // address's share, and waits its address's turn.
  const all = knownDevice ? () => {} : everyone.tryAcquire('all');
  if (!all) return null;
  const mine = perAddress.tryAcquire(address);
  if (!mine) {
    all();
    return null;
  }
  return () => {
    mine();
    all();
  };
}

function inTurn<T>(work: () => Promise<T>): Promise<T> {
  const state = client.getStore();
  return hashing(state?.address ?? 'server', state?.priority === true, async () => {
    if (state?.gone()) {
      passwordQueueStats.skippedGone += 1;
      // Nobody reads this answer; it only ends the library's request without a hash.
      throw APIError.fromStatus('REQUEST_TIMEOUT', { code: 'CLIENT_GONE', message: 'The client closed the request' });
    }
    passwordQueueStats.hashed += 1;
    return work();
  });
}

/** The auth library's `emailAndPassword.password` functions. */
export const queuedPassword = {
  hash: (plain: string) => inTurn(() => hashPassword(plain)),
  verify: (data: { hash: string; password: string }) => inTurn(() => verifyPassword(data)),
};
