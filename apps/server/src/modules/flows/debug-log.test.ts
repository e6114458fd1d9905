import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMailTransport } from '../../mail/mail-transport.js';
import { createOutboxWorker } from '../../mail/outbox-worker.js';
import { buildTestApp, type DemoRole, signInDemoAccounts, type TestApp } from '../../test-support/test-app.js';

/** The debug log (Logs screen): what failures other than the flows' write to it, and its list. Flows: flows.test.ts. */
let t: TestApp;
let tokens: Record<DemoRole, string>;

const db = () => t.database.db;
const get = (url: string, who: DemoRole | null = 'staff') =>
  t.app.inject({ method: 'GET', url, headers: who ? { authorization: `Bearer ${tokens[who]}` } : {} });

beforeAll(async () => {
  t = await buildTestApp({}, { demo: 2000 });
  tokens = await signInDemoAccounts(t.app);
});
afterAll(async () => t?.close());

describe('other failures in the debug log', () => {
  it('a mail that cannot be delivered writes an entry (real SMTP connection refused)', async () => {
    const mail = await db()
      .insertInto('mail_outbox')
      .values({ to_address: 'nobody@fixture.test', subject: 'Report', body_text: 'Hello' })
      .returning('id')
      .executeTakeFirstOrThrow();
    const worker = createOutboxWorker({
      db: db(),
      transport: createMailTransport({ smtpUrl: 'smtp://127.0.0.1:1', dataDir: '/tmp' }),
      from: 'ops@fixture.test',
    });
    await worker.runOnce();
    const entry = await db()
      .selectFrom('custom_debug_log')
      .select(['target', 'error'])
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect(entry.target).toBe('mail');
    expect(entry.error).toMatch(
      new RegExp(`^Mail ${mail.id} to nobody@fixture.test: attempt 1 of 8 failed; retrying in 30 s: `),
    );
  });
});

describe('GET table/CustomDebugLog', () => {
  it('lists entries newest first in the Log shape, with paging', async () => {
    await db()
      .insertInto('custom_debug_log')
      .values([
        { target: 'test_old', error: 'older entry', creation_time: '2020-01-01T00:00:00Z' },
        { target: 'test_new', error: 'newest entry', creation_time: '2099-01-01T00:00:00Z' },
      ])
      .execute();
    const res = await get('/ops-api/table/CustomDebugLog');
    expect(res.statusCode).toBe(200);
    const body = res.json();
    const total = Number(
      (
        await db()
          .selectFrom('custom_debug_log')
          .select(sql<number>`count(*)::int`.as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );
    expect(body).toMatchObject({ count: total, page: 1, limit: 100 });
    expect(body.data[0]).toEqual({
      id: expect.any(Number),
      target: 'test_new',
      error: 'newest entry',
      creation_time: '2099-01-01T00:00:00.000Z',
      job_id: null,
    });
    const times = body.data.map((e: { creation_time: string }) => e.creation_time);
    expect(times).toEqual([...times].sort().reverse());
    const last = await get(`/ops-api/table/CustomDebugLog?limit=1&page=${total}`);
    expect(last.json()).toMatchObject({ data: [{ target: 'test_old' }], next: null });
    const first = await get('/ops-api/table/CustomDebugLog?limit=1');
    expect(first.json().next).toBe('/ops-api/table/CustomDebugLog?limit=1&page=2');
    const bad = await get('/ops-api/table/CustomDebugLog?limit=0&colour=red');
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ type: 'validation_error' });
  });
});
