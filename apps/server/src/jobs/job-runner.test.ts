import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../db/connection.js';
import { openTestDatabase } from '../test-support/test-database.js';
import { createJobLocks, type JobLocks } from './job-locks.js';
import { createJobRunner } from './job-runner.js';

const log = { error: () => {}, info: () => {} };
let database: Database;
const locks: JobLocks[] = [];
beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(async () => {
  for (const l of locks) await l.close();
  await database?.close();
});

/** On PostgreSQL each server process has its own lock connection; on PGlite there is one process, one lock set. */
const processLocks = (shared?: JobLocks) => {
  const l = database.kind === 'postgres' || !shared ? createJobLocks(database) : shared;
  locks.push(l);
  return l;
};

describe('start-up tasks', () => {
  it('run in one process at a time: a second runner on the same database skips a task the first is running', async () => {
    const first = processLocks();
    const second = processLocks(first);
    let release = () => {};
    const held = new Promise<void>((r) => {
      release = r;
    });
    const ran: string[] = [];
    const a = createJobRunner({ db: database.db, locks: first, log, pollMs: 60_000 });
    const b = createJobRunner({ db: database.db, locks: second, log, pollMs: 60_000 });
    a.afterStart('demo documents', async () => {
      ran.push('a');
      await held;
    });
    b.afterStart('demo documents', async () => {
      ran.push('b');
    });
    await a.start();
    await new Promise((r) => setTimeout(r, 100));
    await b.start();
    await new Promise((r) => setTimeout(r, 200));
    release();
    await a.stop();
    await b.stop();
    expect(ran).toEqual(['a']);

    // Once it is done the lock is free: a later start (a restart) runs it again.
    const c = createJobRunner({ db: database.db, locks: second, log, pollMs: 60_000 });
    c.afterStart('demo documents', async () => {
      ran.push('c');
    });
    await c.start();
    await c.stop();
    expect(ran).toEqual(['a', 'c']);
  });
});
