import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type DemoRole, signInDemoAccounts, type TestApp } from '../../test-support/test-app.js';

let t: TestApp;
let tokens: Record<DemoRole, string>;
let foreignStore: number;
let foreignReceiver: number;
let busyReceiver: number;

beforeAll(async () => {
  t = await buildTestApp({}, { demo: 3000 });
  tokens = await signInDemoAccounts(t.app);
  foreignStore = Number(
    (await sql<{ id: number }>`select min(id) as id from store where company_id <> 1`.execute(t.database.db)).rows[0]
      .id,
  );
  foreignReceiver = Number(
    (
      await sql<{ id: number }>`select min(id) as id from receiver r where not exists (select 1 from store_receiver sr
    join store s on s.id = sr.store_id where sr.receiver_id = r.id and s.company_id = 1)`.execute(t.database.db)
    ).rows[0].id,
  );
  busyReceiver = Number(
    (
      await sql<{
        id: number;
      }>`select receiver_id as id from donation group by 1 order by count(*) desc limit 1`.execute(t.database.db)
    ).rows[0].id,
  );
});
afterAll(async () => t?.close());

const get = (who: keyof typeof tokens, url: string) =>
  t.app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${tokens[who]}` } });

describe('retail/reports/donations', () => {
  const url = '/core-api/api/retail/reports/donations';

  it('lists raw rows oldest first with the section 3 fields, names when expanded', async () => {
    const res = await get(
      'staff',
      `${url}?receiver_id=${busyReceiver}&entry_time__gte=2024-01-01&entry_time__lte=2026-03-31&expand=from_store,from_company`,
    );
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    const raw = await sql<{ id: number }>`select id from donation where receiver_id = ${busyReceiver}
      and entry_time >= ('2024-01-01'::timestamp at time zone 'America/Vancouver')
      and entry_time < ('2026-04-01'::timestamp at time zone 'America/Vancouver') order by entry_time, id`.execute(
      t.database.db,
    );
    expect(raw.rows.length).toBeGreaterThan(0);
    expect(body.count).toBe(raw.rows.length);
    expect(body.results.map((r: { id: number }) => r.id)).toEqual(raw.rows.map((r) => Number(r.id)));
    expect(Object.keys(body.results[0]).sort()).toEqual([
      'destination',
      'entry_time',
      'from_company',
      'from_company_id',
      'from_department',
      'from_store',
      'from_store_id',
      'id',
      'receiver_id',
      'weight_kg',
    ]);
    expect(typeof body.results[0].from_store).toBe('string');
    const plain = (await get('staff', `${url}?receiver_id=${busyReceiver}&limit=1`)).json();
    expect(plain.results[0]).not.toHaveProperty('from_store');
  });

  it('pages with limit and offset (limit at most 40000)', async () => {
    const first = (await get('staff', `${url}?from_store_id=1&limit=5`)).json();
    expect(first.results).toHaveLength(5);
    expect(first.next).toBe(`${url}?from_store_id=1&limit=5&offset=5`);
    const second = (await get('staff', first.next)).json();
    expect(second.results[0].id).not.toBe(first.results[0].id);
    expect((await get('staff', `${url}?limit=40001`)).statusCode).toBe(400);
    expect((await get('staff', `${url}?expand=receiver`)).statusCode).toBe(400);
  });

  it('limits company users to their company and stores, and 404s other ids', async () => {
    const mine = (await get('store', `${url}?limit=40000`)).json();
    expect(mine.results.every((r: { from_store_id: number }) => r.from_store_id === 1)).toBe(true);
    const company = (await get('company', `${url}?limit=40000`)).json();
    expect(company.results.every((r: { from_company_id: number }) => r.from_company_id === 1)).toBe(true);
    expect((await get('company', `${url}?from_store_id=${foreignStore}`)).statusCode).toBe(404);
    expect((await get('store', `${url}?receiver_id=${foreignReceiver}`)).statusCode).toBe(404);
    expect((await get('pending', url)).statusCode).toBe(403);
  });
});

describe('reports/stores and reports/receivers', () => {
  it('gives a store header with receivers and the poster N', async () => {
    const res = await get('store', '/core-api/api/reports/stores/1');
    expect(res.statusCode, res.body).toBe(200);
    const store = res.json();
    expect(store).toMatchObject({ id: 1, company_id: 1 });
    expect(store.start_date).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(store.receivers__count).toBe(store.receivers.length);
    expect(store.receivers__nr_supported_charities__sum).toBe(
      store.receivers.reduce((a: number, r: { nr_supported_charities: number }) => a + r.nr_supported_charities, 0),
    );
  });

  it('lists the stores of a company, scoped', async () => {
    const staff = (await get('staff', '/core-api/api/reports/stores/?company_id=1&page_size=1000')).json();
    expect(staff.count).toBeGreaterThan(1);
    expect(staff.results.every((s: { company_id: number }) => s.company_id === 1)).toBe(true);
    const store = (await get('store', '/core-api/api/reports/stores/')).json();
    expect(store.results.map((s: { id: number }) => s.id)).toEqual([1]);
    expect((await get('company', '/core-api/api/reports/stores/?company_id=2')).statusCode).toBe(404);
    expect((await get('staff', '/core-api/api/reports/stores/?company=1')).statusCode).toBe(400);
  });

  it("answers another company's store or receiver like a missing one", async () => {
    const foreign = await get('company', `/core-api/api/reports/stores/${foreignStore}`);
    const missing = await get('company', '/core-api/api/reports/stores/99999');
    expect(foreign.statusCode).toBe(404);
    expect(missing.statusCode).toBe(404);
    expect(foreign.json().type).toBe(missing.json().type);
    expect((await get('store', '/core-api/api/reports/stores/2')).statusCode).toBe(404);
    expect((await get('company', `/core-api/api/reports/receivers/${foreignReceiver}`)).statusCode).toBe(404);
    expect((await get('staff', '/core-api/api/reports/stores/abc')).statusCode).toBe(400);
  });

  it('gives a receiver header with only the stores the caller may see', async () => {
    const link = await sql<{
      receiver_id: number;
    }>`select sr.receiver_id from store_receiver sr where sr.store_id = 1 limit 1`.execute(t.database.db);
    const id = Number(link.rows[0].receiver_id);
    const staff = (await get('staff', `/core-api/api/reports/receivers/${id}`)).json();
    expect(Object.keys(staff)).toEqual(
      expect.arrayContaining(['id', 'name', 'receiver_type', 'address', 'contact_email', 'store_set']),
    );
    const store = (await get('store', `/core-api/api/reports/receivers/${id}`)).json();
    expect(store.store_set.map((s: { id: number }) => s.id)).toEqual([1]);
    expect(staff.store_set.length).toBeGreaterThanOrEqual(store.store_set.length);
  });
});
