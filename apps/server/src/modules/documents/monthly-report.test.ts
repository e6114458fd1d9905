import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import type { MonthlyReport } from '@openrescue/shared';
import { RAW_ROWS_ON_SCREEN } from './monthly-report.service.js';
import {
  type DocumentsFixture,
  foreignIds,
  rawSums,
  receiverOfStore1,
  sameAsMissing,
  setUpDocuments,
} from '../../test-support/fixtures/documents.js';

let f: DocumentsFixture;
let foreign: { storeId: number; receiverId: number };
let receiverId: number;
beforeAll(async () => {
  f = await setUpDocuments();
  foreign = await foreignIds(f.t);
  receiverId = await receiverOfStore1(f.t, f.month);
});
afterAll(async () => f?.t.close());

const storeUrl = (id: number, month?: string) =>
  `/core-api/api/reports/monthly/store/${id}${month ? `?month=${month}` : ''}`;
const receiverUrl = (id: number, month?: string) =>
  `/core-api/api/reports/monthly/receiver/${id}${month ? `?month=${month}` : ''}`;

describe('monthly store report', () => {
  it('gives the store user its store: heading, Month totals equal to a raw SQL sum, no money saved, no raw rows', async () => {
    const res = await f.get('store', storeUrl(1, f.month));
    expect(res.statusCode).toBe(200);
    const body = res.json() as MonthlyReport;
    expect(body.heading).toMatchObject({ kind: 'store', id: 1, month: f.month, company: 'Harvest Valley Foods' });
    expect(body.heading.name).toMatch(/^Harvest Valley /);
    expect(body.xlsx_filename).toBe(`${body.heading.name.replace(/ /g, '_')}_${body.heading.month_end}.xlsx`);
    const sums = await rawSums(f.t, f.month, { store: 1 });
    expect(sums.n).toBeGreaterThan(0);
    expect(body.month.totals.donation_count).toBe(sums.n);
    expect(body.month.totals.weight_kg).toBeCloseTo(sums.weight_kg, 3);
    expect(body.month.totals.meals_provided).toBeCloseTo(sums.meals_provided, 2);
    expect(body.month.totals.co2_emissions_kg).toBeCloseTo(sums.co2_emissions_kg, 3);
    expect(body.month.totals.weight_lb).toBe(Math.ceil(body.month.totals.weight_kg * 2.20462));
    expect(body.month.totals.money_saved).toBeUndefined();
    expect(body.month.rows.every((r) => r.money_saved === undefined)).toBe(true);
    expect(body.money_saved_visible).toBe(false);
    expect(body.raw_data).toBeNull();
    expect(body.impact_factor_version).toBe(1);
  });

  it('sums the rows of each tab into its totals; YTD runs from January 1 to the month end', async () => {
    const body = (await f.get('company', storeUrl(1, f.month))).json() as MonthlyReport;
    const add = (rows: { weight_kg: number; donation_count: number }[]) => ({
      kg: rows.reduce((a, r) => a + r.weight_kg, 0),
      n: rows.reduce((a, r) => a + r.donation_count, 0),
    });
    expect(add(body.month.rows).kg).toBeCloseTo(body.month.totals.weight_kg, 2);
    expect(body.ytd.from).toBe(`${f.month.slice(0, 4)}-01-01`);
    expect(body.ytd.to).toBe(body.heading.month_end);
    expect(add(body.ytd.rows).n).toBe(body.ytd.totals.donation_count);
    expect(body.ytd.rows.at(-1)?.month).toBe(f.month);
    expect(body.ytd.rows.every((r) => r.month >= body.ytd.from && r.month <= f.month)).toBe(true);
    const departments = body.month.rows.map((r) => `${r.department_id}.${r.destination_id}`);
    expect(departments).toEqual([...departments].sort((a, b) => Number(a) - Number(b)));
  });

  it('shows money saved to staff (admin-style) only', async () => {
    const body = (await f.get('staff', storeUrl(1, f.month))).json() as MonthlyReport;
    const sums = await rawSums(f.t, f.month, { store: 1 });
    expect(body.money_saved_visible).toBe(true);
    expect(body.month.totals.money_saved).toBeCloseTo(sums.money_saved, 2);
  });

  it('defaults to last month when no month is given', async () => {
    const res = await f.get('staff', storeUrl(1));
    expect(res.statusCode).toBe(200);
    expect((res.json() as MonthlyReport).heading.month).toMatch(/^\d{4}-\d{2}-01$/);
  });

  it("answers another company's store exactly like a missing one, and hides company 1's other stores from the store user", async () => {
    const missing = await f.get('company', storeUrl(999_999, f.month));
    const other = await f.get('company', storeUrl(foreign.storeId, f.month));
    expect(missing.statusCode).toBe(404);
    expect(other.statusCode).toBe(404);
    expect(other.json()).toEqual(sameAsMissing(missing.json(), foreign.storeId));
    expect((await f.get('store', storeUrl(2, f.month))).statusCode).toBe(404);
    expect((await f.get('company', storeUrl(2, f.month))).statusCode).toBe(200);
    expect((await f.get('staff', storeUrl(foreign.storeId, f.month))).statusCode).toBe(200);
  });

  it('refuses the signed-out (401) and users without a company record (403, not authorized)', async () => {
    expect((await f.get(null, storeUrl(1, f.month))).statusCode).toBe(401);
    const pending = await f.get('pending', storeUrl(1, f.month));
    expect(pending.statusCode).toBe(403);
    expect(pending.json().message).toMatch(/not authorized yet/);
  });

  it.each(['2026-13-01', '2026-10-02', '2026-10', 'october', '1800-01-01'])(
    'rejects month=%s with a 400',
    async (month) => {
      const res = await f.get('staff', storeUrl(1, month));
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ type: 'validation_error' });
      expect(res.json().detail).toMatch(/month/);
    },
  );

  it('rejects unknown parameters and a non-numeric id with a 400', async () => {
    expect((await f.get('staff', `${storeUrl(1, f.month)}&store=2`)).statusCode).toBe(400);
    expect((await f.get('staff', '/core-api/api/reports/monthly/store/abc')).statusCode).toBe(400);
  });
});

describe('monthly receiver report', () => {
  it('gives staff every donor and a Raw Data tab matching the donation table', async () => {
    const body = (await f.get('staff', receiverUrl(receiverId, f.month))).json() as MonthlyReport;
    const sums = await rawSums(f.t, f.month, { receiver: receiverId });
    expect(body.heading).toMatchObject({ kind: 'receiver', id: receiverId, company: null });
    expect(body.raw_data).not.toBeNull();
    expect(body.raw_data!.rows).toHaveLength(sums.n);
    // The screen gets the first RAW_ROWS_ON_SCREEN rows; the spreadsheet has them all (decision 0041).
    expect(body.raw_data!).toMatchObject({ count: sums.n, limit: RAW_ROWS_ON_SCREEN, truncated: false });
    const kg = body.raw_data!.rows.reduce((a, r) => a + r.weight_kg, 0);
    expect(kg).toBeCloseTo(sums.weight_kg, 2);
    expect(body.month.totals.weight_kg).toBeCloseTo(sums.weight_kg, 3);
    const first = body.raw_data!.rows[0];
    expect(first.entry_time).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    expect(first.entry_time.slice(0, 7)).toBe(f.month.slice(0, 7));
    expect(Object.keys(first).sort()).toEqual([
      'department',
      'destination',
      'entry_time',
      'from_company',
      'from_store',
      'weight_kg',
    ]);
  });

  it("limits a company user's receiver report to that company's donations, and the store user's to its store", async () => {
    const company = (await f.get('company', receiverUrl(receiverId, f.month))).json() as MonthlyReport;
    const companySums = await rawSums(f.t, f.month, { receiver: receiverId, company: 1 });
    expect(company.heading.company).toBe('Harvest Valley Foods');
    expect(company.heading.store).toBeNull();
    expect(company.month.totals.donation_count).toBe(companySums.n);
    expect(company.raw_data!.rows.every((r) => r.from_company === 'Harvest Valley Foods')).toBe(true);
    const store = (await f.get('store', receiverUrl(receiverId, f.month))).json() as MonthlyReport;
    const storeSums = await rawSums(f.t, f.month, { receiver: receiverId, store: 1 });
    expect(store.month.totals.donation_count).toBe(storeSums.n);
    expect(new Set(store.raw_data!.rows.map((r) => r.from_store)).size).toBeLessThanOrEqual(1);
    // The heading says whose figures these are: the store's, not the whole company's (issue 35).
    const storeName = await sql<{ name: string }>`select name from store where id = 1`.execute(f.t.database.db);
    expect(store.heading).toMatchObject({ company: 'Harvest Valley Foods', store: storeName.rows[0].name });
  });

  it("answers a receiver outside the user's company like a missing one", async () => {
    const other = await f.get('company', receiverUrl(foreign.receiverId, f.month));
    const missing = await f.get('company', receiverUrl(999_999, f.month));
    expect(other.statusCode).toBe(404);
    expect(other.json()).toEqual(sameAsMissing(missing.json(), foreign.receiverId));
    expect((await f.get('staff', receiverUrl(foreign.receiverId, f.month))).statusCode).toBe(200);
    expect((await f.get('pending', receiverUrl(receiverId, f.month))).statusCode).toBe(403);
    expect((await f.get('staff', receiverUrl(receiverId, '2026-00-01'))).statusCode).toBe(400);
  });
});
