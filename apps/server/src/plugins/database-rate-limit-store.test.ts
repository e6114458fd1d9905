import rateLimit from '@fastify/rate-limit';
import Fastify, { type FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../db/connection.js';
import { openTestDatabase } from '../test-support/test-database.js';
import { databaseRateLimitStore } from './database-rate-limit-store.js';

/** Two servers on one database, as two processes of a cluster are: one limit for both. */
let database: Database;
let servers: FastifyInstance[];

async function server(db: Database['db']) {
  const app = Fastify({ logger: false });
  await app.register(rateLimit, { global: false, store: databaseRateLimitStore(db) });
  app.post(
    '/sign-in/:account',
    {
      config: {
        rateLimit: {
          max: 10,
          timeWindow: '1 minute',
          keyGenerator: (r) => `login:${(r.params as { account: string }).account}`,
        },
      },
    },
    async () => ({ ok: true }),
  );
  app.post(
    '/sign-in',
    {
      config: {
        rateLimit: { max: 10, timeWindow: '1 minute', keyGenerator: (r) => `login:${String(r.headers['x-account'])}` },
      },
    },
    async () => ({ ok: true }),
  );
  await app.ready();
  return app;
}

beforeAll(async () => {
  database = await openTestDatabase();
  servers = [await server(database.db), await server(database.db)];
});
afterAll(async () => {
  for (const s of servers ?? []) await s.close();
  await database?.close();
});

const hit = (i: number, account: string) => servers[i % 2].inject({ method: 'POST', url: `/sign-in/${account}` });

describe('the rate-limit store in the database', () => {
  it('counts the attempts sent to either server against one limit, with the time left in the headers', async () => {
    const codes: number[] = [];
    for (let i = 0; i < 30; i++) codes.push((await hit(i, 'a')).statusCode);
    expect(codes.filter((c) => c === 200)).toHaveLength(10);
    expect(codes.slice(10).every((c) => c === 429)).toBe(true);
    const last = await hit(1, 'a');
    expect(Number(last.headers['retry-after'])).toBeGreaterThan(0);
    expect(Number(last.headers['retry-after'])).toBeLessThanOrEqual(60);
    // another key is not affected
    expect((await hit(0, 'b')).statusCode).toBe(200);
  });

  it('holds when the attempts arrive at both servers at once', async () => {
    const codes = (await Promise.all(Array.from({ length: 40 }, (_, i) => hit(i, 'c')))).map((r) => r.statusCode);
    expect(codes.filter((c) => c === 200)).toHaveLength(10);
  });

  it('keeps a long key (client text in it) as a short digest, and still counts it as one key', async () => {
    const long = `x${'y'.repeat(3000)}`;
    const codes: number[] = [];
    for (let i = 0; i < 12; i++) {
      codes.push(
        (await servers[i % 2].inject({ method: 'POST', url: '/sign-in', headers: { 'x-account': long } })).statusCode,
      );
    }
    expect(codes.filter((c) => c === 200)).toHaveLength(10);
    const keys = await database.db.selectFrom('rate_limit_window').select('key').execute();
    expect(Math.max(...keys.map((k) => k.key.length))).toBeLessThanOrEqual(64);
  });

  it('opens a fresh window once the last one has ended', async () => {
    for (let i = 0; i < 12; i++) await hit(i, 'd');
    expect((await hit(0, 'd')).statusCode).toBe(429);
    await database.db
      .updateTable('rate_limit_window')
      .set({ ends_at: sql<Date>`now() - interval '1 second'` })
      .where('key', '=', 'login:d')
      .execute();
    expect((await hit(1, 'd')).statusCode).toBe(200);
    const row = await database.db
      .selectFrom('rate_limit_window')
      .select('hits')
      .where('key', '=', 'login:d')
      .executeTakeFirstOrThrow();
    expect(row.hits).toBe(1);
  });
});
