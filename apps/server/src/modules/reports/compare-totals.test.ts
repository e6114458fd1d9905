import { comparisonBounds, type DonationTotals } from '@openrescue/shared';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rawTotals, totalsQueryString, type RawTotalsParams } from '../../test-support/fixtures/raw-totals.js';
import { buildTestApp, type DemoRole, signInDemoAccounts, type TestApp } from '../../test-support/test-app.js';

/**
 * Issue 38 sections 1 and 3 (decisions 0072, 0073): donation_totals with compare=true answers the previous period
 * and the same period a year earlier in the same response, each equal to a plain GROUP BY over the raw rows; a range
 * that is not two dates at most five years apart is a 400; another tenant's store stays a 404.
 */
const URL_TOTALS = '/core-api/api/retail/reports/donation_totals';
let t: TestApp;
let tokens: Record<DemoRole, string>;
let last: string;
let ownStore: number;
let otherCompanyStore: number;

beforeAll(async () => {
  t = await buildTestApp({}, { demo: 3000 });
  tokens = await signInDemoAccounts(t.app);
  const { rows } = await sql<{ last: string }>`select
      to_char(max(entry_time at time zone 'America/Vancouver'), 'YYYY-MM-DD') as last from donation`.execute(
    t.database.db,
  );
  last = rows[0].last;
  const own = await sql<{ id: number }>`select store_id as id from donation where company_id = 1
      group by store_id order by count(*) desc limit 1`.execute(t.database.db);
  ownStore = Number(own.rows[0].id);
  const other = await sql<{ id: number }>`select min(id) as id from store where company_id <> 1`.execute(t.database.db);
  otherCompanyStore = Number(other.rows[0].id);
});
afterAll(async () => t?.close());

async function get(who: DemoRole, query: string) {
  return t.app.inject({
    method: 'GET',
    url: `${URL_TOTALS}?${query}`,
    headers: { authorization: `Bearer ${tokens[who]}` },
  });
}

/** The answer with compare=true beside the raw GROUP BY of the range and of both comparison periods. */
async function expectComparisonEqualsRaw(
  who: DemoRole,
  p: RawTotalsParams & { entry_time__gte: string; entry_time__lte: string },
) {
  const res = await get(who, `${totalsQueryString({ ...p, annotate_metrics: true, page_size: 1000 })}&compare=true`);
  expect(res.statusCode, res.body).toBe(200);
  const body = res.json<DonationTotals>();
  const raw = async (from: string, to: string) => {
    const rows = await rawTotals(t.database.db, { ...p, entry_time__gte: from, entry_time__lte: to });
    if (who !== 'staff') for (const row of rows) delete row.money_saved__sum;
    return rows;
  };
  const periods = comparisonBounds(p.entry_time__gte, p.entry_time__lte);
  expect(body.results).toEqual(await raw(p.entry_time__gte, p.entry_time__lte));
  expect(body.comparison?.previous).toEqual({
    entry_time__gte: periods.previous.from,
    entry_time__lte: periods.previous.to,
    count: body.comparison!.previous.results.length,
    results: await raw(periods.previous.from, periods.previous.to),
  });
  expect(body.comparison?.year_ago).toEqual({
    entry_time__gte: periods.yearAgo.from,
    entry_time__lte: periods.yearAgo.to,
    count: body.comparison!.year_ago.results.length,
    results: await raw(periods.yearAgo.from, periods.yearAgo.to),
  });
  return body;
}

/** The plain SQL sum of food rescued over [from, to] in Vancouver days: the figure a card shows. */
async function rawKg(from: string, to: string, storeId?: number): Promise<number> {
  const { rows } = await sql<{ kg: string | null }>`select sum(food_rescued_kg) as kg from donation
    where entry_time >= (${from}::date::timestamp at time zone 'America/Vancouver')
      and entry_time < ((${to}::date + 1)::timestamp at time zone 'America/Vancouver')
      and (${storeId ?? null}::int is null or store_id = ${storeId ?? null}::int)`.execute(t.database.db);
  return Number(rows[0].kg ?? 0);
}

describe('donation_totals compare=true', () => {
  it('answers a whole month, the month before and the same month a year earlier, by department (staff)', async () => {
    const month = `${Number(last.slice(0, 4)) - 1}${last.slice(4, 7)}`;
    const from = `${month}-01`;
    const to = new Date(Date.UTC(+month.slice(0, 4), +month.slice(5, 7), 0)).toISOString().slice(0, 10);
    const body = await expectComparisonEqualsRaw('staff', {
      entry_time__gte: from,
      entry_time__lte: to,
      annotate: ['from_department_id'],
    });
    expect(body.comparison!.previous.entry_time__gte.slice(8)).toBe('01');
    const sum = (rows: { food_rescued_kg__sum?: number }[]) =>
      rows.reduce((a, r) => a + (r.food_rescued_kg__sum ?? 0), 0);
    expect(sum(body.results)).toBeCloseTo(await rawKg(from, to), 6);
    expect(sum(body.comparison!.year_ago.results)).toBeCloseTo(
      await rawKg(body.comparison!.year_ago.entry_time__gte, body.comparison!.year_ago.entry_time__lte),
      6,
    );
    expect(body.results[0]).toHaveProperty('money_saved__sum');
  });

  it('answers a custom range across a year end and the November clock change, for one store by week (company user)', async () => {
    const year = Number(last.slice(0, 4)) - 1;
    const from = `${year}-10-20`;
    const to = `${year + 1}-01-10`;
    const body = await expectComparisonEqualsRaw('company', {
      entry_time__gte: from,
      entry_time__lte: to,
      from_store_id: [ownStore],
      annotate_entry_time: 'date-week',
    });
    // 83 days before, ending the day before; the year before, the same dates
    expect(body.comparison!.previous).toMatchObject({
      entry_time__gte: `${year}-07-29`,
      entry_time__lte: `${year}-10-19`,
    });
    expect(body.comparison!.year_ago).toMatchObject({
      entry_time__gte: `${year - 1}-10-20`,
      entry_time__lte: `${year}-01-10`,
    });
    const total = body.results.reduce((a, r) => a + (r.food_rescued_kg__sum ?? 0), 0);
    expect(total).toBeGreaterThan(0);
    expect(total).toBeCloseTo(await rawKg(from, to, ownStore), 6);
    for (const row of body.results) expect(row).not.toHaveProperty('money_saved__sum');
  });

  it('answers a period without donations with a total of zero, never a division', async () => {
    const res = await get(
      'staff',
      'entry_time__gte=1990-01-01&entry_time__lte=1990-01-31&annotate_metrics=true&compare=true',
    );
    expect(res.statusCode).toBe(200);
    const zero = {
      weight_kg__sum: 0,
      meals_provided__sum: 0,
      food_rescued_kg__sum: 0,
      co2_emissions_kg__sum: 0,
      money_saved__sum: 0,
    };
    expect(res.json<DonationTotals>().comparison?.previous).toEqual({
      entry_time__gte: '1989-12-01',
      entry_time__lte: '1989-12-31',
      count: 1,
      results: [zero],
    });
  });

  it("keeps another company's store a 404 with compare", async () => {
    const res = await get(
      'company',
      `entry_time__gte=2025-01-01&entry_time__lte=2025-01-31&from_store_id=${otherCompanyStore}&compare=true`,
    );
    expect(res.statusCode).toBe(404);
  });

  it.each([
    ['no end date', 'entry_time__gte=2025-01-01&compare=true', /calendar dates/],
    ['an instant', 'entry_time__gte=2025-01-01T10:00:00Z&entry_time__lte=2025-01-31&compare=true', /calendar dates/],
    ['the start after the end', 'entry_time__gte=2025-02-01&entry_time__lte=2025-01-31&compare=true', /after the end/],
    ['five years or more', 'entry_time__gte=2020-01-01&entry_time__lte=2025-01-01&compare=true', /at most 5 years/],
    ['five years or more without compare', 'entry_time__gte=2020-01-01&entry_time__lte=2025-01-01', /at most 5 years/],
    ['not a date', 'entry_time__gte=2025-02-30&entry_time__lte=2025-03-31&compare=true', /./],
    ['a bad flag', 'entry_time__gte=2025-01-01&entry_time__lte=2025-01-31&compare=yes', /./],
  ])('refuses %s with a 400', async (_name, query, message) => {
    const res = await get('staff', query);
    expect(res.statusCode).toBe(400);
    expect(`${res.json().message} ${res.json().detail ?? ''}`).toMatch(message);
  });

  it('still answers five whole calendar years (Max)', async () => {
    const res = await get('staff', 'entry_time__gte=2021-01-01&entry_time__lte=2025-12-31&compare=true');
    expect(res.statusCode).toBe(200);
  });
});
