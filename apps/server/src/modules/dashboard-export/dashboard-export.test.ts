import { API_KEY_REQUESTS_PER_MINUTE, kgToLb, type Figures } from '@openrescue/shared';
import ExcelJS from 'exceljs';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rawTotals } from '../../test-support/fixtures/raw-totals.js';
import { readAllPages } from '../../test-support/pages.js';
import { buildTestApp, type DemoRole, signInDemoAccounts, type TestApp } from '../../test-support/test-app.js';
import { createKey } from '../transcripts/transcripts.service.js';
import { createCompanyKey } from './api-keys.service.js';
import { FIGURES_SHEETS } from './figures-files.js';

const FIGURES = '/core-api/api/retail/reports/dashboard_figures';
const INTEGRATION = '/core-api/api/integrations/figures';
const KEYS = '/core-api/api/company/api-keys';
const TOTALS = '/core-api/api/retail/reports/donation_totals';

let t: TestApp;
let tokens: Record<DemoRole, string>;
let range: { from: string; to: string };
let otherCompany: number;
let otherCompanyStore: number;
let ownStore: number;

beforeAll(async () => {
  t = await buildTestApp({}, { demo: 2000 });
  tokens = await signInDemoAccounts(t.app);
  const { rows } = await sql<{ last: string }>`select
      to_char(max(entry_time at time zone 'America/Vancouver'), 'YYYY-MM-DD') as last from donation`.execute(
    t.database.db,
  );
  const last = rows[0].last;
  // The last three calendar months of the data, as the dashboard's 3-month range asks for them.
  const end = new Date(Date.UTC(Number(last.slice(0, 4)), Number(last.slice(5, 7)), 0));
  const start = new Date(Date.UTC(end.getUTCFullYear(), end.getUTCMonth() - 2, 1));
  range = { from: start.toISOString().slice(0, 10), to: end.toISOString().slice(0, 10) };
  const other = await sql<{ company_id: number; id: number }>`select company_id, min(id) as id from store
      where company_id <> 1 group by company_id order by company_id limit 1`.execute(t.database.db);
  otherCompany = Number(other.rows[0].company_id);
  otherCompanyStore = Number(other.rows[0].id);
  const own = await sql<{ id: number }>`select min(id) as id from store where company_id = 1`.execute(t.database.db);
  ownStore = Number(own.rows[0].id);
});
afterAll(async () => t?.close());

const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
const query = (extra: Record<string, string> = {}) =>
  new URLSearchParams({
    entry_time__gte: range.from,
    entry_time__lte: range.to,
    annotate_entry_time: 'date-month',
    ...extra,
  }).toString();
const get = (url: string, headers: Record<string, string>) => t.app.inject({ method: 'GET', url, headers });
const figuresAs = async (who: DemoRole, extra: Record<string, string> = {}) => {
  const res = await get(`${FIGURES}?${query(extra)}`, bearer(tokens[who]));
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as Figures;
};
const grams = (kg: number) => Math.round(kg * 1000);

/** The donation_totals API's rows for the same question (every page), as the dashboard reads them. */
async function totalsApi(who: DemoRole, params: Record<string, string>) {
  const { body } = await readAllPages(
    t.app,
    `${TOTALS}?${new URLSearchParams({ entry_time__gte: range.from, entry_time__lte: range.to, annotate_metrics: 'true', page_size: '1000', ...params })}`,
    bearer(tokens[who]),
  );
  return body.results as Record<string, number | string>[];
}

describe('dashboard figures (issue 38 section 2)', () => {
  it("equal the totals API row for row and the raw donations to the gram, for a company user's company", async () => {
    const figures = await figuresAs('company', { from_company_id: '1' });
    expect(figures.money_saved_included).toBe(false);
    expect(figures.periods.map((p) => p.period)).toEqual(['current']);
    const [p] = figures.periods;
    expect(p.totals.weight_kg).toBeGreaterThan(0);
    expect(p.departments.length).toBeGreaterThan(1);

    const departments = await totalsApi('company', { from_company_id: '1', annotate: 'from_department_id' });
    expect(p.departments.map((d) => [d.id, d.weight_kg, d.meals_provided, d.co2_emissions_kg])).toEqual(
      departments
        .map((r) => [r.from_department_id, r.weight_kg__sum, r.meals_provided__sum, r.co2_emissions_kg__sum])
        .sort((a, b) => Number(a[0]) - Number(b[0])),
    );
    const byMonth = await totalsApi('company', {
      from_company_id: '1',
      annotate: 'destination_id',
      annotate_entry_time: 'date-month',
    });
    expect(p.destinations_by_date.length).toBe(byMonth.length);
    for (const row of p.destinations_by_date) {
      const api = byMonth.find((r) => r.date === row.date && r.destination_id === row.id)!;
      expect(row.weight_kg).toBe(api.weight_kg__sum);
      expect(row.money_saved).toBeUndefined();
    }

    // The raw donation table, summed by PostgreSQL: the same grams.
    const [raw] = await rawTotals(t.database.db, {
      entry_time__gte: range.from,
      entry_time__lte: range.to,
      from_company_id: [1],
    });
    expect(grams(p.totals.weight_kg)).toBe(grams(Number(raw.weight_kg__sum)));
    expect(p.totals.weight_lb).toBe(kgToLb(p.totals.weight_kg));
    expect(p.totals.food_rescued_kg).toBeCloseTo(Number(raw.food_rescued_kg__sum), 3);
    expect(p.totals.meals_provided).toBeCloseTo(Number(raw.meals_provided__sum), 3);
    expect(p.totals.co2_emissions_kg).toBeCloseTo(Number(raw.co2_emissions_kg__sum), 3);
    expect(p.totals.money_saved).toBeUndefined();
    expect(grams(p.departments.reduce((s, d) => s + d.weight_kg, 0))).toBe(grams(p.totals.weight_kg));

    const rawByDepartmentMonth = await rawTotals(t.database.db, {
      entry_time__gte: range.from,
      entry_time__lte: range.to,
      from_company_id: [1],
      annotate: ['from_department_id'],
      annotate_entry_time: 'date-month',
    });
    expect(p.departments_by_date.map((r) => [r.date, r.id, grams(r.weight_kg)])).toEqual(
      rawByDepartmentMonth.map((r) => [r.date, r.from_department_id, grams(Number(r.weight_kg__sum))]),
    );
  });

  it('with compare=true adds the periods donation_totals compares with, equal to its comparison rows', async () => {
    const figures = await figuresAs('company', { compare: 'true' });
    expect(figures.periods.map((p) => p.period)).toEqual(['current', 'previous', 'year_ago']);
    const res = await get(
      `${TOTALS}?${new URLSearchParams({ entry_time__gte: range.from, entry_time__lte: range.to, annotate: 'from_department_id', annotate_metrics: 'true', compare: 'true', page_size: '1000' })}`,
      bearer(tokens.company),
    );
    expect(res.statusCode, res.body).toBe(200);
    const { comparison } = res.json() as {
      comparison: Record<
        'previous' | 'year_ago',
        { entry_time__gte: string; entry_time__lte: string; results: Record<string, number>[] }
      >;
    };
    for (const kind of ['previous', 'year_ago'] as const) {
      const p = figures.periods.find((x) => x.period === kind)!;
      expect([p.from, p.to]).toEqual([comparison[kind].entry_time__gte, comparison[kind].entry_time__lte]);
      expect(p.departments.map((d) => [d.id, d.weight_kg])).toEqual(
        comparison[kind].results.map((r) => [r.from_department_id, r.weight_kg__sum]).sort((a, b) => a[0] - b[0]),
      );
      const [raw] = await rawTotals(t.database.db, {
        entry_time__gte: p.from,
        entry_time__lte: p.to,
        from_company_id: [1],
      });
      expect(grams(p.totals.weight_kg)).toBe(grams(Number(raw.weight_kg__sum)));
    }
    const csv = await get(`${FIGURES}.csv?${query({ compare: 'true' })}`, bearer(tokens.company));
    const periods = new Set(
      csv.body
        .trim()
        .split(/\r?\n/)
        .slice(1)
        .map((l) => l.split(',')[0]),
    );
    expect([...periods]).toEqual(['current', 'previous', 'year_ago']);
  });

  it('states money saved only for users who may see it (the server decides from the session)', async () => {
    const staff = await figuresAs('staff', { from_company_id: '1' });
    expect(staff.money_saved_included).toBe(true);
    const [raw] = await rawTotals(t.database.db, {
      entry_time__gte: range.from,
      entry_time__lte: range.to,
      from_company_id: [1],
    });
    expect(staff.periods[0].totals.money_saved).toBeCloseTo(Number(raw.money_saved__sum), 2);
    expect(staff.periods[0].departments.every((d) => typeof d.money_saved === 'number')).toBe(true);

    for (const who of ['company', 'store'] as const) {
      const csv = await get(`${FIGURES}.csv?${query()}`, bearer(tokens[who]));
      expect(csv.statusCode).toBe(200);
      expect(csv.body).not.toMatch(/money/i);
      const xlsx = await get(`${FIGURES}.xlsx?${query()}`, bearer(tokens[who]));
      const book = new ExcelJS.Workbook();
      await book.xlsx.load(xlsx.rawPayload as unknown as ArrayBuffer);
      const headers = book.worksheets.flatMap((s) => (s.getRow(1).values as unknown[]).map(String));
      expect(headers.some((h) => /money/i.test(h))).toBe(false);
    }
    const staffCsv = await get(`${FIGURES}.csv?${query()}`, bearer(tokens.staff));
    expect(staffCsv.body.split('\r\n')[0]).toContain('money_saved');
  });

  it('writes the same figures to CSV and xlsx, read back with independent readers', async () => {
    const figures = await figuresAs('company');
    const [p] = figures.periods;
    const csv = await get(`${FIGURES}.csv?${query()}`, bearer(tokens.company));
    expect(csv.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(csv.headers['content-disposition']).toBe(`attachment; filename="figures_${range.from}_to_${range.to}.csv"`);
    const lines = csv.body
      .replace(/^\ufeff/, '')
      .trim()
      .split(/\r?\n/);
    const header = lines[0].split(',');
    const rows = lines.slice(1).map((l) => Object.fromEntries(l.split(',').map((v, i) => [header[i], v])));
    const totals = rows.find((r) => r.section === 'totals')!;
    expect(Number(totals.weight_kg)).toBe(p.totals.weight_kg);
    expect(Number(totals.weight_lb)).toBe(p.totals.weight_lb);
    const byMonth = rows.filter((r) => r.section === 'department_by_period');
    expect(byMonth.length).toBe(p.departments_by_date.length);
    expect(byMonth.every((r) => r.granularity === 'date-month')).toBe(true);

    const xlsx = await get(`${FIGURES}.xlsx?${query()}`, bearer(tokens.company));
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(xlsx.rawPayload as unknown as ArrayBuffer);
    const sheet = book.getWorksheet(FIGURES_SHEETS.departments)!;
    const read: [string, number, number][] = [];
    sheet.eachRow((row, n) => {
      if (n === 1) return;
      read.push([String(row.getCell(2).value), Number(row.getCell(3).value), Number(row.getCell(4).value)]);
    });
    expect(read).toEqual([
      ...p.departments.map((d) => [d.name, d.weight_kg, d.weight_lb]),
      ['Total', p.totals.weight_kg, p.totals.weight_lb],
    ]);
    expect(String(book.getWorksheet(FIGURES_SHEETS.about)!.getCell('B1').value)).toContain('all stores');
  });

  it("answers another company's store like a missing one, and refuses bad input with 400", async () => {
    const other = await get(
      `${FIGURES}?${query({ from_store_id: String(otherCompanyStore) })}`,
      bearer(tokens.company),
    );
    const missing = await get(`${FIGURES}?${query({ from_store_id: '999999999' })}`, bearer(tokens.company));
    expect(other.statusCode).toBe(404);
    expect(missing.statusCode).toBe(404);
    const bad = [
      `entry_time__lte=${range.to}`,
      query({ entry_time__gte: range.to, entry_time__lte: range.from }),
      query({ annotate_entry_time: 'hour' }),
      query({ from_store_id: 'x' }),
      query({ page_size: '5' }),
      query({ entry_time__gte: '2010-01-01' }),
    ];
    for (const q of bad) {
      const res = await get(`${FIGURES}.csv?${q}`, bearer(tokens.company));
      expect(res.statusCode, q).toBe(400);
      expect(res.json().type).toBe('validation_error');
    }
  });
});

describe('company API keys and the integration API', () => {
  const createAs = (who: DemoRole, name: string) =>
    t.app.inject({ method: 'POST', url: KEYS, headers: bearer(tokens[who]), payload: { name } });

  it('a company admin creates a key shown once, reads its company only, and revokes it (audit trail)', async () => {
    const created = await createAs('company', 'warehouse sync');
    expect(created.statusCode, created.body).toBe(201);
    const key = created.json() as { id: number; key: string; key_end: string; company_id: number };
    expect(key.company_id).toBe(1);
    expect(key.key).toMatch(/^ork_/);
    expect(key.key_end).toBe(`…${key.key.slice(-4)}`);
    expect((await createAs('company', 'warehouse sync')).statusCode).toBe(409);

    const list = await get(KEYS, bearer(tokens.company));
    expect(list.body).not.toContain(key.key);
    expect(list.json().results[0]).toMatchObject({ id: key.id, name: 'warehouse sync', revoked_at: null });
    const stored = await sql<{ key_hash: string }>`select key_hash from company_api_key where id = ${key.id}`.execute(
      t.database.db,
    );
    expect(stored.rows[0].key_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(stored.rows[0].key_hash).not.toContain(key.key);

    // The key reads what the company admin's dashboard reads, without money.
    const viaKey = await get(`${INTEGRATION}?${query()}`, bearer(key.key));
    expect(viaKey.statusCode, viaKey.body).toBe(200);
    expect(viaKey.json()).toEqual(await figuresAs('company'));
    const ownStoreFigures = await get(`${INTEGRATION}?${query({ from_store_id: String(ownStore) })}`, bearer(key.key));
    expect(ownStoreFigures.statusCode).toBe(200);
    const scopes: Record<string, string>[] = [
      { from_store_id: String(otherCompanyStore) },
      { from_company_id: String(otherCompany) },
    ];
    for (const scope of scopes) {
      expect((await get(`${INTEGRATION}?${query(scope)}`, bearer(key.key))).statusCode).toBe(404);
    }
    expect((await get(`${INTEGRATION}?entry_time__gte=x`, bearer(key.key))).statusCode).toBe(400);
    // Read-only: every write method is refused.
    for (const method of ['POST', 'PUT', 'PATCH', 'DELETE'] as const) {
      const res = await t.app.inject({ method, url: INTEGRATION, headers: bearer(key.key), payload: {} });
      expect(res.statusCode, method).toBe(405);
    }
    // Session credentials are not API keys.
    expect((await get(`${INTEGRATION}?${query()}`, bearer(tokens.company))).statusCode).toBe(401);

    const revoked = await t.app.inject({ method: 'DELETE', url: `${KEYS}/${key.id}`, headers: bearer(tokens.company) });
    expect(revoked.statusCode).toBe(200);
    expect(revoked.json().revoked_at).not.toBeNull();
    const refused = await get(`${INTEGRATION}?${query()}`, bearer(key.key));
    expect(refused.statusCode).toBe(401);
    expect(refused.json().detail).toBe('invalid or revoked API key');

    const audit = await sql<{ action: string; actor_label: string; after: unknown }>`select action, actor_label, after
        from audit_event where object_type = 'api_key' and object_id = ${String(key.id)} order by id`.execute(
      t.database.db,
    );
    expect(audit.rows.map((r) => [r.action, r.actor_label])).toEqual([
      ['api_key.create', 'company@openrescue.test'],
      ['api_key.revoke', 'company@openrescue.test'],
    ]);
    expect(JSON.stringify(audit.rows)).not.toContain(key.key);
  });

  it("keeps another company's key out of this company's figures, and other credentials out of the API", async () => {
    const other = await createCompanyKey(t.database.db, otherCompany, 'other company', 'test');
    expect(
      (await get(`${INTEGRATION}?${query({ from_store_id: String(ownStore) })}`, bearer(other.key))).statusCode,
    ).toBe(404);
    expect((await get(`${INTEGRATION}?${query({ from_company_id: '1' })}`, bearer(other.key))).statusCode).toBe(404);
    const own = await get(`${INTEGRATION}?${query()}`, bearer(other.key));
    expect(own.statusCode).toBe(200);
    const [raw] = await rawTotals(t.database.db, {
      entry_time__gte: range.from,
      entry_time__lte: range.to,
      from_company_id: [otherCompany],
    });
    expect(grams((own.json() as Figures).periods[0].totals.weight_kg)).toBe(grams(Number(raw.weight_kg__sum)));

    const transcriptsKey = await createKey(t.database.db, 'transcripts only');
    expect((await get(`${INTEGRATION}?${query()}`, bearer(transcriptsKey.key))).statusCode).toBe(401);
    expect((await get(`${INTEGRATION}?${query()}`, {})).statusCode).toBe(401);
    expect((await get(`${INTEGRATION}?${query()}`, bearer('ork_not-a-key'))).statusCode).toBe(401);
  });

  it("lets only company admins manage keys; one company cannot revoke another company's key", async () => {
    for (const who of ['store', 'staff', 'pending'] as const) {
      expect((await createAs(who, `by ${who}`)).statusCode, who).toBe(403);
      expect((await get(KEYS, bearer(tokens[who]))).statusCode, who).toBe(403);
    }
    const other = await createCompanyKey(t.database.db, otherCompany, 'not yours', 'test');
    const res = await t.app.inject({ method: 'DELETE', url: `${KEYS}/${other.id}`, headers: bearer(tokens.company) });
    expect(res.statusCode).toBe(404);
    expect((await get(`${INTEGRATION}?${query()}`, bearer(other.key))).statusCode).toBe(200);
    expect((await createAs('company', '')).statusCode).toBe(400);
    expect(
      (
        await t.app.inject({
          method: 'POST',
          url: KEYS,
          headers: bearer(tokens.company),
          payload: { name: 'x', company_id: otherCompany },
        })
      ).statusCode,
    ).toBe(400);
  });

  it(`answers 429 after ${API_KEY_REQUESTS_PER_MINUTE} requests a minute of one key, and not to another key`, async () => {
    const busy = await createCompanyKey(t.database.db, 1, 'busy', 'test');
    const quiet = await createCompanyKey(t.database.db, 1, 'quiet', 'test');
    const oneDay = new URLSearchParams({ entry_time__gte: range.to, entry_time__lte: range.to }).toString();
    const statuses: number[] = [];
    for (let i = 0; i <= API_KEY_REQUESTS_PER_MINUTE; i += 1) {
      statuses.push((await get(`${INTEGRATION}?${oneDay}`, bearer(busy.key))).statusCode);
    }
    expect(statuses.slice(0, API_KEY_REQUESTS_PER_MINUTE).every((s) => s === 200)).toBe(true);
    expect(statuses.at(-1)).toBe(429);
    expect((await get(`${INTEGRATION}?${oneDay}`, bearer(quiet.key))).statusCode).toBe(200);
  });
});
