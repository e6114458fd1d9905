import { ANNOTATE_FIELDS, messages, TOTALS_PAGE_MAX } from '@openrescue/shared';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type DemoRole, signInDemoAccounts, type TestApp } from '../../test-support/test-app.js';
import { rawTotals, totalsQueryString, type RawTotalsParams } from '../../test-support/fixtures/raw-totals.js';
import { readAllPages } from '../../test-support/pages.js';

const URL_TOTALS = '/core-api/api/retail/reports/donation_totals';
let t: TestApp;
let tokens: Record<DemoRole, string>;
let days: { first: string; last: string };
let otherCompanyStore: number;
let otherReceiver: number;

beforeAll(async () => {
  t = await buildTestApp({}, { demo: 3000 });
  tokens = await signInDemoAccounts(t.app);
  const { rows } = await sql<{ first: string; last: string }>`select
      to_char(min(entry_time at time zone 'America/Vancouver'), 'YYYY-MM-DD') as first,
      to_char(max(entry_time at time zone 'America/Vancouver'), 'YYYY-MM-DD') as last from donation`.execute(
    t.database.db,
  );
  days = rows[0];
  const other = await sql<{ id: number }>`select min(id) as id from store where company_id <> 1`.execute(t.database.db);
  otherCompanyStore = Number(other.rows[0].id);
  const recv = await sql<{ id: number }>`select min(id) as id from receiver r where not exists (
      select 1 from store_receiver sr join store s on s.id = sr.store_id where sr.receiver_id = r.id and s.company_id = 1)`.execute(
    t.database.db,
  );
  otherReceiver = Number(recv.rows[0].id);
});
afterAll(async () => t?.close());

async function get(who: keyof typeof tokens, query: string) {
  return t.app.inject({
    method: 'GET',
    url: `${URL_TOTALS}?${query}`,
    headers: { authorization: `Bearer ${tokens[who]}` },
  });
}

/**
 * Every page of an answer, read through `next` as a client does: a page holds at most TOTALS_PAGE_MAX rows whatever
 * page_size asks (decision 0041).
 */
async function allPages(who: keyof typeof tokens, query: string) {
  const { body, pages } = await readAllPages(t.app, `${URL_TOTALS}?${query}`, {
    authorization: `Bearer ${tokens[who]}`,
  });
  for (const page of pages) expect(page.results.length).toBeLessThanOrEqual(TOTALS_PAGE_MAX);
  return body as typeof body & { impact_factor_version?: number };
}

/** The endpoint's rows (all pages in one) beside the raw GROUP BY, metrics included. */
async function expectEqualsRaw(who: keyof typeof tokens, p: RawTotalsParams, scope: Partial<RawTotalsParams> = {}) {
  const body = await allPages(who, totalsQueryString({ ...p, annotate_metrics: true, page_size: 10000 }));
  const expected = await rawTotals(t.database.db, { ...p, ...scope });
  if (who !== 'staff') for (const row of expected) delete row.money_saved__sum;
  expect(body.results).toEqual(expected);
  expect(body.count).toBe(expected.length);
  return body;
}

describe('donation_totals as staff (admin-style)', () => {
  it('totals everything in one row with every metric, money saved included, and the impact factor version', async () => {
    const body = await expectEqualsRaw('staff', {});
    expect(body.results).toHaveLength(1);
    expect(body.results[0].weight_kg__sum).toBeGreaterThan(0);
    expect(body.results[0]).toHaveProperty('money_saved__sum');
    expect(body.impact_factor_version).toBe(1);
    expect(body.next).toBeNull();
  });

  it('gives only the weight without annotate_metrics', async () => {
    const res = await get('staff', 'annotate=destination_id');
    expect(Object.keys(res.json().results[0]).sort()).toEqual(['destination_id', 'weight_kg__sum']);
  });

  it.each(ANNOTATE_FIELDS.map((a) => [a]))('annotates by %s', async (field) => {
    await expectEqualsRaw('staff', { annotate: [field] });
  });

  it('annotates by every field at once, ordered by date then the annotations as asked', async () => {
    const body = await expectEqualsRaw('staff', {
      annotate: ['receiver_id', 'from_department_id', 'destination_id'],
      annotate_entry_time: 'date-month',
    });
    const key = (r: Record<string, number | string>) =>
      [r.date, r.receiver_id, r.from_department_id, r.destination_id].map((v) => String(v).padStart(10, '0')).join('|');
    const keys = body.results.map(key);
    expect(keys).toEqual([...keys].sort());
  });

  it.each([['date'], ['date-week'], ['date-month']] as const)(
    'groups by %s (period starts, Monday weeks)',
    async (unit) => {
      const body = await expectEqualsRaw('staff', { annotate_entry_time: unit, annotate: ['from_department_id'] });
      for (const row of body.results) {
        const d = new Date(`${row.date}T00:00:00Z`);
        if (unit === 'date-week') expect(d.getUTCDay()).toBe(1);
        if (unit === 'date-month') expect(d.getUTCDate()).toBe(1);
      }
    },
  );

  it('filters by calendar-day bounds (America/Vancouver): __gte, __gt and __lte', async () => {
    const mid = '2025-06-15';
    await expectEqualsRaw('staff', {
      entry_time__gte: days.first,
      entry_time__lte: mid,
      annotate_entry_time: 'date-month',
    });
    await expectEqualsRaw('staff', {
      entry_time__gt: mid,
      annotate_entry_time: 'date-week',
      annotate: ['destination_id'],
    });
    await expectEqualsRaw('staff', {
      entry_time__gte: '2024-02-10',
      entry_time__lte: '2025-11-20',
      annotate: ['destination_id'],
    });
    await expectEqualsRaw('staff', {
      entry_time__gte: '2024-02-10',
      entry_time__gt: '2024-03-02',
      entry_time__lte: '2024-03-31',
    });
  });

  it('filters by instants, including microseconds and offsets', async () => {
    await expectEqualsRaw('staff', {
      entry_time__gte: '2024-03-10T09:30:00-08:00',
      entry_time__lte: '2025-01-05T18:00:00.250001Z',
      annotate: ['from_department_id'],
    });
    await expectEqualsRaw('staff', { entry_time__gt: '2024-07-01T07:00:00Z', annotate_entry_time: 'date' });
    await expectEqualsRaw('staff', {
      entry_time__gte: '2025-02-03T10:00:00Z',
      entry_time__lte: '2025-02-03T23:00:00Z',
    });
  });

  it('answers an empty interval with a zero total row, and no rows when grouped', async () => {
    const body = await expectEqualsRaw('staff', { entry_time__gte: '2025-01-02', entry_time__lte: '2025-01-01' });
    expect(body.results[0].weight_kg__sum).toBe(0);
    await expectEqualsRaw('staff', {
      entry_time__gte: '2025-01-02',
      entry_time__lte: '2025-01-01',
      annotate: ['destination_id'],
    });
  });

  it('filters by company, store and receiver lists (comma-joined)', async () => {
    await expectEqualsRaw('staff', { from_company_id: [1, 2], annotate_entry_time: 'date-week' });
    await expectEqualsRaw('staff', {
      from_store_id: [1, otherCompanyStore],
      annotate_entry_time: 'date',
      annotate: ['destination_id'],
    });
    await expectEqualsRaw('staff', {
      receiver_id: [1, 2, 3],
      annotate: ['receiver_id'],
      annotate_entry_time: 'date-month',
    });
    await expectEqualsRaw('staff', {
      from_company_id: [1],
      receiver_id: [1, 2],
      entry_time__gte: '2024-05-17',
      annotate_entry_time: 'date-week',
    });
  });

  it('pages with count and a relative next link', async () => {
    const all = await allPages(
      'staff',
      'annotate=from_department_id,destination_id&annotate_entry_time=date-month&page_size=10000',
    );
    const first = (
      await get('staff', 'annotate=from_department_id,destination_id&annotate_entry_time=date-month&page_size=7')
    ).json();
    expect(first.count).toBe(all.count);
    expect(first.results).toEqual(all.results.slice(0, 7));
    expect(first.next).toBe(
      `${URL_TOTALS}?annotate=from_department_id%2Cdestination_id&annotate_entry_time=date-month&page_size=7&page=2`,
    );
    const lastPage = Math.ceil(all.count / 7);
    const last = (
      await get(
        'staff',
        `annotate=from_department_id,destination_id&annotate_entry_time=date-month&page_size=7&page=${lastPage}`,
      )
    ).json();
    expect(last.next).toBeNull();
    expect(last.results).toEqual(all.results.slice((lastPage - 1) * 7));
    const beyond = (await get('staff', `annotate=destination_id&page_size=7&page=${lastPage + 50}`)).json();
    expect(beyond).toMatchObject({ results: [], next: null, count: 3 });
  });

  it('answers a missing company, store or receiver with 404', async () => {
    for (const q of ['from_company_id=999', 'from_store_id=1,99999', 'receiver_id=4242']) {
      const res = await get('staff', q);
      expect(res.statusCode).toBe(404);
      expect(res.json().type).toBe('not_found');
    }
  });
});

describe('donation_totals for company users (section 6)', () => {
  it('limits the company user to company 1 and never shows money saved', async () => {
    const body = await expectEqualsRaw(
      'company',
      { annotate: ['destination_id'], annotate_entry_time: 'date-month' },
      { from_company_id: [1] },
    );
    for (const row of body.results) expect(row).not.toHaveProperty('money_saved__sum');
    await expectEqualsRaw('company', { from_store_id: [1, 2], annotate: ['receiver_id'] }, { from_company_id: [1] });
  });

  it('limits the store user to the reporting store', async () => {
    await expectEqualsRaw(
      'store',
      { annotate_entry_time: 'date-week', annotate: ['from_department_id'] },
      { from_store_id: [1] },
    );
    await expectEqualsRaw('store', { from_store_id: [1], from_company_id: [1] }, { from_store_id: [1] });
  });

  it("answers another company's ids exactly like missing ones (404)", async () => {
    const missing = await get('company', 'from_store_id=99999');
    const foreign = await get('company', `from_store_id=${otherCompanyStore}`);
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json().type).toBe('not_found');
    expect(Object.keys(foreign.json())).toEqual(Object.keys(missing.json()));
    expect((await get('company', 'from_company_id=2')).statusCode).toBe(404);
    expect((await get('company', `receiver_id=${otherReceiver}`)).statusCode).toBe(404);
    const sibling = await sql<{ id: number }>`select min(id) as id from store where company_id = 1 and id <> 1`.execute(
      t.database.db,
    );
    expect((await get('store', `from_store_id=${sibling.rows[0].id}`)).statusCode).toBe(404);
    expect((await get('store', 'from_company_id=2')).statusCode).toBe(404);
  });

  it('refuses a signed-in user without a company user record (Login offered)', async () => {
    const res = await get('pending', '');
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({
      type: 'forbidden',
      message: messages.notAuthorized('OpenRescue'),
      detail: 'client access is restricted',
    });
  });

  it('asks a company user without a reporting store to contact support', async () => {
    const db = t.database.db;
    const storeUser = await db
      .selectFrom('company_user')
      .select(['id', 'user_id', 'store_id', 'report_store_id'])
      .where('company_user_role', '=', 2)
      .executeTakeFirstOrThrow();
    await db
      .updateTable('company_user')
      .set({ store_id: null, report_store_id: -1 })
      .where('id', '=', storeUser.id)
      .execute();
    t.ctx.repos.companyUsers.forget(storeUser.user_id); // changed behind the repository's back (its 5 s memory)
    try {
      const res = await get('store', '');
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual({
        type: 'support_required',
        message: 'Account setup not completed',
        detail: messages.accountSetupText,
      });
    } finally {
      await db
        .updateTable('company_user')
        .set({ store_id: storeUser.store_id, report_store_id: storeUser.report_store_id })
        .where('id', '=', storeUser.id)
        .execute();
      t.ctx.repos.companyUsers.forget(storeUser.user_id);
    }
  });

  it('needs a signed-in caller', async () => {
    expect((await t.app.inject({ method: 'GET', url: URL_TOTALS })).statusCode).toBe(401);
  });
});

describe('donation_totals parameters', () => {
  it.each([
    ['colour=red', 'colour'],
    ['annotate=store_id', 'annotate'],
    ['annotate_entry_time=year', 'annotate_entry_time'],
    ['annotate_metrics=yes', 'annotate_metrics'],
    ['entry_time__gte=2024-13-01', 'entry_time__gte'],
    ['entry_time__lte=yesterday', 'entry_time__lte'],
    ['entry_time__lt=2024-01-01', 'entry_time__lt'],
    ['from_store_id=1,,2', 'from_store_id'],
    ['receiver_id=-3', 'receiver_id'],
    ['page_size=0', 'page_size'],
    ['page_size=10001', 'page_size'],
    ['page=abc', 'page'],
    ['entry_time__gte=2024-02-30', 'entry_time__gte'],
    ['from_company_id=1&from_company_id=2', 'from_company_id'],
  ])('refuses %s with a 400 naming %s', async (query, name) => {
    const res = await get('staff', query);
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().type).toBe('validation_error');
    expect(res.json().detail).toContain(name);
  });
});
