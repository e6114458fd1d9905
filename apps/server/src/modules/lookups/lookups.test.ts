import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type DemoRole, signInDemoAccounts, type TestApp } from '../../test-support/test-app.js';

let t: TestApp;
let tokens: Record<DemoRole, string>;
let company1Receivers: number[];

beforeAll(async () => {
  t = await buildTestApp({}, { demo: 300 });
  tokens = await signInDemoAccounts(t.app);
  const { rows } = await sql<{
    id: number;
  }>`select distinct sr.receiver_id as id from store_receiver sr join store s on s.id = sr.store_id
    where s.company_id = 1 order by 1`.execute(t.database.db);
  company1Receivers = rows.map((r) => Number(r.id));
});
afterAll(async () => t?.close());

const get = (who: keyof typeof tokens, url: string) =>
  t.app.inject({ method: 'GET', url: `/core-api/api/${url}`, headers: { authorization: `Bearer ${tokens[who]}` } });
const ids = (rows: { id: number }[]) => rows.map((r) => r.id).sort((a, b) => a - b);

describe('lookups', () => {
  it('companies: a data list, every company for staff, their own for company users', async () => {
    const staff = (await get('staff', 'companies?page_size=9999')).json();
    expect(staff.data).toHaveLength(6);
    expect(Object.keys(staff.data[0]).sort()).toEqual(['id', 'logo_image_url', 'name']);
    expect(ids((await get('company', 'companies')).json().data)).toEqual([1]);
    expect(ids((await get('store', 'companies')).json().data)).toEqual([1]);
    expect((await get('pending', 'companies')).statusCode).toBe(403);
  });

  it('stores: id, name, company_id; search is a case-insensitive "contains"; page_size up to 10000', async () => {
    const all = (await get('staff', 'stores?page_size=9999')).json();
    expect(all.count).toBe(40);
    expect(all.next).toBeNull();
    expect(Object.keys(all.results[0]).sort()).toEqual(['company_id', 'id', 'name']);
    const word = all.results[0].name.split(' ')[0].toUpperCase();
    const found = (await get('staff', `stores?search=${encodeURIComponent(word)}&page_size=9999`)).json();
    expect(found.results.length).toBeGreaterThan(0);
    expect(found.results.every((s: { name: string }) => s.name.toUpperCase().includes(word))).toBe(true);
    expect((await get('staff', 'stores?search=%25')).json().count).toBe(0);
    const company = (await get('company', 'stores?page_size=9999')).json();
    expect(company.results.every((s: { company_id: number }) => s.company_id === 1)).toBe(true);
    expect(ids((await get('store', 'stores')).json().results)).toEqual([1]);
    expect((await get('staff', 'stores?page_size=10001')).statusCode).toBe(400);
    const paged = (await get('staff', 'stores?page_size=15')).json();
    expect(paged).toMatchObject({ count: 40, next: '/core-api/api/stores?page_size=15&page=2' });
  });

  it('receivers: company users see only receivers linked to their stores', async () => {
    const staff = (await get('staff', 'receivers?page_size=9999')).json();
    expect(staff.count).toBe(25);
    expect(Object.keys(staff.results[0]).sort()).toEqual(['id', 'name', 'receiver_type']);
    expect(ids((await get('company', 'receivers?page_size=9999')).json().results)).toEqual(company1Receivers);
    const farms = (await get('staff', 'receivers?receiver_type=FARM&page_size=9999')).json();
    expect(farms.results.every((r: { receiver_type: string }) => r.receiver_type === 'FARM')).toBe(true);
    expect(ids((await get('staff', 'receivers?id=2,3')).json().results)).toEqual([2, 3]);
  });

  it('reasons: the eight no-pickup reasons', async () => {
    const body = (await get('store', 'reasons')).json();
    expect(body.results).toHaveLength(8);
    expect(body.results[0]).toEqual({ id: 1, reason: 'Store closed (holiday or closure)' });
  });

  it('retail/stores: receivers as ids, or objects with expand=receivers', async () => {
    const plain = (await get('staff', 'retail/stores?id=1')).json();
    expect(plain.results[0].receivers.every((r: unknown) => typeof r === 'number')).toBe(true);
    const expanded = (await get('store', 'retail/stores?expand=receivers')).json();
    expect(expanded.results).toHaveLength(1);
    expect(expanded.results[0].receivers[0]).toMatchObject({ id: expect.any(Number), name: expect.any(String) });
    expect((await get('staff', 'retail/stores?expand=store_set')).statusCode).toBe(400);
  });

  it('retail/receivers: filters and expand=store_set limited to visible stores', async () => {
    const body = (await get('company', 'retail/receivers?expand=store_set&page_size=9999')).json();
    expect(ids(body.results)).toEqual(company1Receivers);
    for (const r of body.results) for (const s of r.store_set) expect(s.company_id).toBe(1);
    const hubs = (await get('staff', 'retail/receivers?receiver_type=HUB&page_size=9999')).json();
    expect(hubs.results.every((r: { receiver_type: string }) => r.receiver_type === 'HUB')).toBe(true);
    expect(hubs.results[0].store_set.every((s: unknown) => typeof s === 'number')).toBe(true);
    expect((await get('staff', 'retail/receivers?receiver_type=SHOP')).statusCode).toBe(400);
  });

  it('needs a signed-in caller', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/core-api/api/stores' })).statusCode).toBe(401);
  });
});
