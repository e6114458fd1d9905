import { BULK_SCAN_BACK_DAYS, reportDay } from '@openrescue/shared';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type DemoRole, signInDemoAccounts, type TestApp } from '../../test-support/test-app.js';
import { addDays, localMidnightMicros } from '../reports/time-bounds.js';
import { pruneIdempotencyKeys } from './idempotency.js';

/** The client sends entry times 7 hours back (spec 7.3); the form's earliest back date arrives this much earlier. */
const BULKSCAN_SHIFT_MS = 7 * 3_600_000;
import {
  createRetailFixture,
  daysAgo,
  insertNoPickup,
  item,
  type RetailFixture,
} from '../../test-support/fixtures/retail.js';

let t: TestApp;
let tokens: Record<DemoRole, string>;
let f: RetailFixture;
const POST_URL = '/core-api/api/bulkscan/';
const LIST_URL = '/core-api/api/retail/bulkscan';

beforeAll(async () => {
  t = await buildTestApp({}, { demo: 2000 });
  tokens = await signInDemoAccounts(t.app);
  f = await createRetailFixture(t);
});
afterAll(async () => t?.close());

const post = (body: unknown, key?: string, who: DemoRole = 'staff') =>
  t.app.inject({
    method: 'POST',
    url: POST_URL,
    payload: body as object,
    headers: { authorization: `Bearer ${tokens[who]}`, ...(key ? { 'idempotency-key': key } : {}) },
  });
const get = (url: string, who: DemoRole = 'staff') =>
  t.app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${tokens[who]}` } });
const one = async <T>(query: string) =>
  Number((await sql<{ n: T }>`${sql.raw(query)}`.execute(t.database.db)).rows[0].n);
const counts = async () => ({
  scans: await one('select count(*) as n from bulk_scan'),
  donations: await one('select count(*) as n from donation'),
});

describe('POST bulkscan/', () => {
  it('inserts bulk scans and their donations, and the rollups follow', async () => {
    const before = await counts();
    const monthlyBefore = await one(
      `select coalesce(sum(weight_kg), 0) as n from donation_monthly where store_id = ${f.storeId}`,
    );
    const when = daysAgo(3, 10);
    const res = await post([
      item(f, { entry_time: when }),
      item(f, { department: 5, weight_kg: 7 }),
      item(f, { department: 7, weight_kg: 999 }),
    ]);
    expect(res.statusCode, res.body).toBe(201);
    const rows = res.json();
    expect(rows).toHaveLength(3);
    expect(rows[0]).toMatchObject({
      store_id: f.storeId,
      receiver_id: f.receiverId,
      department: 1,
      weight_kg: 12,
      destination: 1,
      destination_name: 'Charity',
      reason_id: null,
      email: 'staff@openrescue.test',
      store: 'Fixture Store Alpha',
      entry_time: when,
    });
    expect(await counts()).toEqual({ scans: before.scans + 3, donations: before.donations + 3 });
    const monthlyAfter = await one(`select sum(weight_kg) as n from donation_monthly where store_id = ${f.storeId}`);
    expect(monthlyAfter - monthlyBefore).toBeCloseTo(1018, 3);
    // Charity: 12 kg / 0.544 kg a meal = 22.06 meals.
    const meals = await one(
      `select meals_provided as n from donation where store_id = ${f.storeId} and weight_kg = 12 limit 1`,
    );
    expect(meals).toBe(22.06);
  });

  it.each([
    ['an empty list', [], 'the list of items is empty'],
    ['more than 1000 items', Array.from({ length: 1001 }, () => ({})), 'at most 1000'],
    ['an unknown store', 'store', 'item 1: unknown store 999999'],
    ['an unknown receiver', 'receiver', 'item 1: unknown receiver 999998'],
    ['a receiver without a schedule with the store', 'unlinked', 'has no pickup schedule with store'],
    ['a bad department', 'department', 'item 1: department'],
    ['a weight of 1000 kg', 'weight', 'item 1: weight_kg'],
    ['a zero weight', 'zero', 'item 1: weight_kg'],
    ['destination 2', 'destination', 'item 1: destination'],
    ['a time without zone', 'time', 'item 1: entry_time'],
  ])('refuses %s with a 400 naming the problem and inserts nothing', async (_name, kind, message) => {
    const bad: Record<string, Record<string, unknown>> = {
      store: { store_id: 999999 },
      receiver: { receiver_id: 999998 },
      unlinked: { receiver_id: f.unlinkedReceiverId },
      department: { department: 8 },
      weight: { weight_kg: 1000 },
      zero: { weight_kg: 0 },
      destination: { destination: 2 },
      time: { entry_time: '2026-01-05 10:00' },
    };
    const body = Array.isArray(kind) ? kind : [item(f), item(f, bad[kind as string])];
    const before = await counts();
    const res = await post(body);
    expect(res.statusCode, res.body).toBe(400);
    expect(`${res.json().message} ${res.json().detail}`).toContain(message);
    expect(await counts()).toEqual(before);
  });

  // Section 5 "Weight entry" on the server (issue 32 item 5, decision 0038): what the form refuses, the API refuses.
  it.each([
    ['a weight with decimals (12.5 kg)', { weight_kg: 12.5 }, 'weight_kg must be a whole number of kg'],
    ['a weight of 0.4 kg', { weight_kg: 0.4 }, 'weight_kg'],
    ['a negative weight', { weight_kg: -2 }, 'weight_kg must be at least 1 kg'],
    ['a weight of 1000 kg (4 digits)', { weight_kg: 1000 }, 'weight_kg must be at most 999 kg'],
    ['a weight as text', { weight_kg: '12' }, 'weight_kg'],
    ['an entry time in 2030', { entry_time: '2030-06-01T10:00:00-07:00' }, "after the network's today"],
    ['an entry time in 2099', { entry_time: '2099-01-01T00:00:00Z' }, "after the network's today"],
    ['an entry time tomorrow (network time)', { entry_time: daysAgo(-1, 0) }, "after the network's today"],
    [
      'a back date past the window',
      { entry_time: daysAgo(BULK_SCAN_BACK_DAYS + 2, 12) },
      `more than ${BULK_SCAN_BACK_DAYS} days before`,
    ],
    [
      'an entry time in 1999',
      { entry_time: '1999-12-31T10:00:00-08:00' },
      `more than ${BULK_SCAN_BACK_DAYS} days before`,
    ],
    ['a forged author id', { author_id: '00000000-0000-0000-0000-000000000001' }, 'unknown field author_id'],
    ['a forged user id', { user_id: 'someone-else' }, 'unknown field user_id'],
    ['a forged creation time', { creation_time: '2020-01-01T00:00:00Z' }, 'unknown field creation_time'],
    ['a forged id and reason', { id: 1, reason_id: 2 }, 'unknown fields id, reason_id'],
    ['a forged donation link', { donation_id: 5 }, 'unknown field donation_id'],
  ])('refuses %s with the section 8 error body, names the item and writes nothing', async (_name, over, message) => {
    const before = await counts();
    const res = await post([item(f), item(f, over)], 'rule-key-1');
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json()).toEqual({
      type: 'validation_error',
      message: expect.stringContaining('Nothing was inserted: item 1:'),
      detail: expect.any(String),
    });
    expect(`${res.json().message} ${res.json().detail}`).toContain(message);
    expect(await counts()).toEqual(before);
    expect(await one(`select count(*) as n from request_idempotency where key = 'rule-key-1'`)).toBe(0);
  });

  it('accepts the edges: 1 and 999 kg, the earliest back date the form offers, and later today', async () => {
    const earliest = new Date(Date.parse(daysAgo(BULK_SCAN_BACK_DAYS, 0)) - BULKSCAN_SHIFT_MS).toISOString();
    const res = await post([
      item(f, { weight_kg: 1 }),
      item(f, { weight_kg: 999, entry_time: earliest }),
      item(f, { entry_time: daysAgo(0, 23) }),
    ]);
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().map((r: { weight_kg: number }) => r.weight_kg)).toEqual([1, 999, 12]);
  });

  it('records the signed-in user as the author: a forged email is ignored, "By:" is the session\'s e-mail', async () => {
    const res = await post([
      item(f, { email: 'ceo@elsewhere.example', weight_kg: 33 }),
      item(f, { email: null, weight_kg: 34 }),
    ]);
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().map((r: { email: string }) => r.email)).toEqual([
      'staff@openrescue.test',
      'staff@openrescue.test',
    ]);
    const ids = res.json().map((r: { id: number }) => r.id);
    const stored = await sql<{
      author_id: string;
      email: string;
      user_email: string;
    }>`select b.author_id, b.email, u.email as user_email
      from bulk_scan b join "user" u on u.id = b.author_id where b.id = any(${ids}::bigint[])`.execute(t.database.db);
    expect(stored.rows).toHaveLength(2);
    for (const row of stored.rows)
      expect(row).toMatchObject({ email: 'staff@openrescue.test', user_email: 'staff@openrescue.test' });
    const staffId = (
      await sql<{ id: string }>`select id from "user" where email = 'staff@openrescue.test'`.execute(t.database.db)
    ).rows[0].id;
    expect(stored.rows.every((r) => r.author_id === staffId)).toBe(true);
    expect((await get(`${LIST_URL}?search=elsewhere.example`)).json().count).toBe(0);
    const listed = (await get(`${LIST_URL}?id=${ids.join(',')}`)).json().results;
    expect(listed.map((r: { email: string }) => r.email)).toEqual(['staff@openrescue.test', 'staff@openrescue.test']);
  });

  it('replays the first answer for the same key 10 times in a row and inserts once', async () => {
    const body = [item(f, { weight_kg: 3 }), item(f, { weight_kg: 4 })];
    const first = await post(body, 'seq-key-1');
    expect(first.statusCode).toBe(201);
    for (let i = 0; i < 9; i += 1) {
      const again = await post(body, 'seq-key-1');
      expect(again.statusCode).toBe(201);
      expect(again.json()).toEqual(first.json());
    }
    expect(await one(`select count(*) as n from bulk_scan where idempotency_key = 'seq-key-1'`)).toBe(2);
  });

  it('inserts once when 20 requests with the same key arrive at once', async () => {
    const body = [item(f, { weight_kg: 1, department: 2 })];
    const before = await counts();
    const all = await Promise.all(Array.from({ length: 20 }, () => post(body, 'burst-key-1')));
    expect(all.map((r) => r.statusCode)).toEqual(Array(20).fill(201));
    expect(new Set(all.map((r) => r.body)).size).toBe(1);
    expect(await counts()).toEqual({ scans: before.scans + 1, donations: before.donations + 1 });
  });

  it('refuses a reused key with a different body (422) and inserts nothing', async () => {
    expect((await post([item(f, { weight_kg: 8 })], 'reuse-key-1')).statusCode).toBe(201);
    const before = await counts();
    const res = await post([item(f, { weight_kg: 9 })], 'reuse-key-1');
    expect(res.statusCode).toBe(422);
    expect(res.json().type).toBe('idempotency_conflict');
    expect(await counts()).toEqual(before);
  });

  it('does not keep a key whose request failed validation', async () => {
    expect((await post([item(f, { department: 9 })], 'failed-key-1')).statusCode).toBe(400);
    expect((await post([item(f, { weight_kg: 2 })], 'failed-key-1')).statusCode).toBe(201);
  });

  it('keeps a stored answer for 24 hours, then prunes it so the key may run again', async () => {
    expect((await post([item(f, { weight_kg: 6 })], 'old-key-1')).statusCode).toBe(201);
    expect((await post([item(f, { weight_kg: 7 })], 'fresh-key-1')).statusCode).toBe(201);
    await sql`update request_idempotency set created_at = now() - interval '25 hours' where key = 'old-key-1'`.execute(
      t.database.db,
    );
    expect(await pruneIdempotencyKeys(t.database.db)).toBe(1);
    const keys = (
      await sql<{ key: string }>`select key from request_idempotency where key in ('old-key-1', 'fresh-key-1')`.execute(
        t.database.db,
      )
    ).rows;
    expect(keys.map((k) => k.key)).toEqual(['fresh-key-1']);
  });

  it('is for staff only', async () => {
    expect((await post([item(f)], undefined, 'company')).statusCode).toBe(403);
    expect((await get(LIST_URL, 'store')).statusCode).toBe(403);
  });

  it('inserts 500 rows within the time budget', async () => {
    const body = Array.from({ length: 500 }, (_, i) =>
      item(f, { department: (i % 7) + 1, weight_kg: 1 + (i % 90), entry_time: daysAgo(1 + (i % 28), 12) }),
    );
    await post([item(f, { weight_kg: 1 })]);
    const started = performance.now();
    const res = await post(body, 'bench-500');
    const ms = performance.now() - started;
    console.log(
      `bulkscan: 500 rows inserted in ${ms.toFixed(0)} ms (${process.env.TEST_DATABASE_URL ? 'PostgreSQL' : 'PGlite'})`,
    );
    expect(res.statusCode).toBe(201);
    expect(res.json()).toHaveLength(500);
    expect(ms).toBeLessThan(1500);
  });
});

describe('GET retail/bulkscan and getAvgWtPerStore', () => {
  beforeAll(async () => {
    await insertNoPickup(t, f.storeId, f.receiverId, 2, '2026-02-06T12:00:00-08:00');
    await insertNoPickup(t, f.storeId, f.sundayReceiverId, 4, '2026-02-08T12:00:00-08:00');
  });

  it('filters by store, receiver, reason, has_reason, entry_time bounds and search, with paging', async () => {
    const total = await one(`select count(*) as n from bulk_scan where store_id = ${f.storeId}`);
    const all = (await get(`${LIST_URL}?store_id=${f.storeId}&page_size=10`)).json();
    expect(all.count).toBe(total);
    expect(all.results).toHaveLength(10);
    expect(all.next).toContain('page=2');
    expect((await get(`${LIST_URL}?has_reason=true&store_id=${f.storeId}`)).json().count).toBe(2);
    const byReceiver = (await get(`${LIST_URL}?has_reason=true&receiver_id=${f.sundayReceiverId}`)).json();
    expect(byReceiver.results.map((r: { reason_id: number }) => r.reason_id)).toEqual([4]);
    expect((await get(`${LIST_URL}?reason_id=2&store_id=${f.storeId}`)).json().results[0]).toMatchObject({
      reason_id: 2,
      department: null,
      weight_kg: null,
    });
    expect((await get(`${LIST_URL}?has_reason=false&store_id=${f.storeId}`)).json().count).toBe(total - 2);
    const feb = (
      await get(`${LIST_URL}?store_id=${f.storeId}&entry_time__gte=2026-02-01&entry_time__lte=2026-02-28`)
    ).json();
    expect(feb.count).toBe(2);
    expect((await get(`${LIST_URL}?search=sunday%20pantry`)).json().count).toBe(1);
    expect((await get(`${LIST_URL}?store_id=${f.otherStoreId}`)).json()).toEqual({ count: 0, next: null, results: [] });
    expect((await get(`${LIST_URL}?colour=red`)).statusCode).toBe(400);
    const [first, second] = all.results as Array<{ id: number }>;
    const byId = (await get(`${LIST_URL}?id=${first.id},${second.id}`)).json();
    expect(byId.results.map((r: { id: number }) => r.id).sort()).toEqual([first.id, second.id].sort());
    expect((await get(`${LIST_URL}?id=${first.id}&store_id=${f.otherStoreId}`)).json().count).toBe(0);
    expect((await get(`${LIST_URL}?id=abc`)).statusCode).toBe(400);
  });

  it('averages donation weights per department of a store in the window', async () => {
    const to = reportDay();
    const from = addDays(to, -30);
    const url = `/core-api/api/retail/donations/getAvgWtPerStore?from_store=${f.storeId}&entry_time__gte=${from}&entry_time__lte=${to}`;
    const res = await get(url);
    expect(res.statusCode, res.body).toBe(200);
    const lo = new Date(localMidnightMicros(from) / 1000).toISOString();
    const hi = new Date(localMidnightMicros(addDays(to, 1)) / 1000).toISOString();
    const expected = await sql<{
      d: number;
      a: string;
    }>`select department_id as d, round(avg(weight_kg), 3)::text as a from donation
      where store_id = ${f.storeId} and entry_time >= ${lo}::timestamptz and entry_time < ${hi}::timestamptz group by 1 order by 1`.execute(
      t.database.db,
    );
    expect(res.json().results).toEqual(
      expected.rows.map((r) => ({ from_department_id: Number(r.d), avg_wt: Number(r.a) })),
    );
    expect(res.json().results.length).toBe(7);
  });
});
