import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { prepareDemo } from '../../demo-setup.js';
import { buildTestApp, type DemoRole, signInDemoAccounts, type TestApp } from '../../test-support/test-app.js';
import { pruneIdempotencyKeys } from './idempotency.js';
import { createRetailFixture, insertNoPickup, item, type RetailFixture } from './retail-fixtures.js';

let t: TestApp;
let tokens: Record<DemoRole, string>;
let f: RetailFixture;
const POST_URL = '/core-api/api/bulkscan/';
const LIST_URL = '/core-api/api/retail/bulkscan';

beforeAll(async () => {
  t = await buildTestApp();
  await prepareDemo(t.ctx, 2000, () => {});
  tokens = await signInDemoAccounts(t.app);
  f = await createRetailFixture(t);
});
afterAll(async () => t?.close());

const post = (body: unknown, key?: string, who: DemoRole = 'staff') => t.app.inject({
  method: 'POST', url: POST_URL, payload: body as object,
  headers: { authorization: `Bearer ${tokens[who]}`, ...(key ? { 'idempotency-key': key } : {}) },
});
const get = (url: string, who: DemoRole = 'staff') => t.app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${tokens[who]}` } });
const one = async <T>(query: string) => Number((await sql<{ n: T }>`${sql.raw(query)}`.execute(t.database.db)).rows[0].n);
const counts = async () => ({
  scans: await one('select count(*) as n from bulk_scan'),
  donations: await one('select count(*) as n from donation'),
});

describe('POST bulkscan/', () => {
  it('inserts bulk scans and their donations, and the rollups follow', async () => {
    const before = await counts();
    const monthlyBefore = await one(`select coalesce(sum(weight_kg), 0) as n from donation_monthly where store_id = ${f.storeId}`);
    const res = await post([item(f), item(f, { department: 5, weight_kg: 7.25 }), item(f, { department: 7, weight_kg: 999.999 })]);
    expect(res.statusCode, res.body).toBe(201);
    const rows = res.json();
    expect(rows).toHaveLength(3);
    expect(rows[0]).toMatchObject({ store_id: f.storeId, receiver_id: f.receiverId, department: 1, weight_kg: 12.5, destination: 1,
      destination_name: 'Charity', reason_id: null, email: 'staff@openrescue.test', store: 'Fixture Store Alpha',
      entry_time: '2026-01-05T18:00:00.000Z' });
    expect(await counts()).toEqual({ scans: before.scans + 3, donations: before.donations + 3 });
    const monthlyAfter = await one(`select sum(weight_kg) as n from donation_monthly where store_id = ${f.storeId}`);
    expect(monthlyAfter - monthlyBefore).toBeCloseTo(1019.749, 3);
    const meals = await one(`select meals_provided as n from donation where store_id = ${f.storeId} and weight_kg = 12.5 limit 1`);
    expect(meals).toBe(22.98);
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
      store: { store_id: 999999 }, receiver: { receiver_id: 999998 }, unlinked: { receiver_id: f.unlinkedReceiverId },
      department: { department: 8 }, weight: { weight_kg: 1000 }, zero: { weight_kg: 0 }, destination: { destination: 2 },
      time: { entry_time: '2026-01-05 10:00' },
    };
    const body = Array.isArray(kind) ? kind : [item(f), item(f, bad[kind as string])];
    const before = await counts();
    const res = await post(body);
    expect(res.statusCode, res.body).toBe(400);
    expect(`${res.json().message} ${res.json().detail}`).toContain(message);
    expect(await counts()).toEqual(before);
  });

  it('replays the first answer for the same key 10 times in a row and inserts once', async () => {
    const body = [item(f, { weight_kg: 3.5 }), item(f, { weight_kg: 4.5 })];
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
    const body = [item(f, { weight_kg: 1.25, department: 2 })];
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
    await sql`update request_idempotency set created_at = now() - interval '25 hours' where key = 'old-key-1'`.execute(t.database.db);
    expect(await pruneIdempotencyKeys(t.database.db)).toBe(1);
    const keys = (await sql<{ key: string }>`select key from request_idempotency where key in ('old-key-1', 'fresh-key-1')`.execute(t.database.db)).rows;
    expect(keys.map((k) => k.key)).toEqual(['fresh-key-1']);
  });

  it('is for staff only', async () => {
    expect((await post([item(f)], undefined, 'company')).statusCode).toBe(403);
    expect((await get(LIST_URL, 'store')).statusCode).toBe(403);
  });

  it('inserts 500 rows within the time budget', async () => {
    const body = Array.from({ length: 500 }, (_, i) => item(f, { department: (i % 7) + 1, weight_kg: 1 + (i % 90) / 10,
      entry_time: `2026-01-${String((i % 28) + 1).padStart(2, '0')}T12:00:00-08:00` }));
    await post([item(f, { weight_kg: 1 })]);
    const started = performance.now();
    const res = await post(body, 'bench-500');
    const ms = performance.now() - started;
    console.log(`bulkscan: 500 rows inserted in ${ms.toFixed(0)} ms (${process.env.TEST_DATABASE_URL ? 'PostgreSQL' : 'PGlite'})`);
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
    expect((await get(`${LIST_URL}?reason_id=2&store_id=${f.storeId}`)).json().results[0]).toMatchObject({ reason_id: 2, department: null, weight_kg: null });
    expect((await get(`${LIST_URL}?has_reason=false&store_id=${f.storeId}`)).json().count).toBe(total - 2);
    const feb = (await get(`${LIST_URL}?store_id=${f.storeId}&entry_time__gte=2026-02-01&entry_time__lte=2026-02-28`)).json();
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
    const url = `/core-api/api/retail/donations/getAvgWtPerStore?from_store=${f.storeId}&entry_time__gte=2026-01-01&entry_time__lte=2026-01-31`;
    const res = await get(url);
    expect(res.statusCode, res.body).toBe(200);
    const expected = await sql<{ d: number; a: string }>`select department_id as d, round(avg(weight_kg), 3)::text as a from donation
      where store_id = ${f.storeId} and entry_time >= '2026-01-01T08:00:00Z' and entry_time < '2026-02-01T08:00:00Z' group by 1 order by 1`
      .execute(t.database.db);
    expect(res.json().results).toEqual(expected.rows.map((r) => ({ from_department_id: Number(r.d), avg_wt: Number(r.a) })));
    expect(res.json().results.length).toBe(7);
  });
});
