import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type DemoRole, signInDemoAccounts, type TestApp } from '../../test-support/test-app.js';
import { readXlsx } from '../../test-support/documents/xlsx-reader.js';
import {
  createRetailFixture,
  insertNoPickup,
  plantConsoleWeights,
  type RetailFixture,
} from '../../test-support/fixtures/retail.js';

let t: TestApp;
let tokens: Record<DemoRole, string>;
let f: RetailFixture;
const URL = '/core-api/api/retail/stipend-report';

/**
 * Hand-computed calendar (America/Vancouver): 2026-02-01, 2026-03-01 are Sundays, 2026-04-01 a Wednesday.
 * MWF: February 4+4+4 = 12 of 28 days; March Mondays 2..30 (5) + 4 + 4 = 13 of 31; April 4 + 5 (1..29) + 4 = 13 of 30.
 * U until 2026-02-15: February Sundays 1, 8, 15 = 3 (22 is after the end); no row from March on.
 */
beforeAll(async () => {
  t = await buildTestApp({}, { demo: 2000 });
  tokens = await signInDemoAccounts(t.app);
  f = await createRetailFixture(t);
  // Console entries on fixed calendar days, older than POST bulkscan/'s back-date window: planted as it stores them.
  const R = f.receiverId;
  await plantConsoleWeights(t, f, [
    { receiverId: R, kg: 12, at: '2026-02-02T09:00:00-08:00' }, // Monday, scheduled
    { receiverId: R, kg: 12, at: '2026-02-02T15:00:00-08:00', department: 2 }, // same day again
    { receiverId: R, kg: 12, at: '2026-02-04T09:00:00-08:00' }, // Wednesday, scheduled
    { receiverId: R, kg: 12, at: '2026-02-07T09:00:00-08:00' }, // Saturday, not scheduled
    { receiverId: R, kg: 12, at: '2026-03-01T00:30:00-08:00' }, // Sunday 1 March (local), not scheduled
    { receiverId: R, kg: 12, at: '2026-03-31T23:30:00-07:00' }, // Tuesday 31 March local = 1 April UTC
    { receiverId: f.sundayReceiverId, kg: 12, at: '2026-02-08T10:00:00-08:00' }, // Sunday, scheduled
  ]);
  await insertNoPickup(t, f.storeId, f.receiverId, 1, '2026-02-06T12:00:00-08:00'); // Friday, no pickup
  await insertNoPickup(t, f.storeId, f.receiverId, 3, '2026-02-09T12:00:00-08:00'); // Monday, no pickup
  await insertNoPickup(t, f.storeId, f.receiverId, 3, '2026-02-11T12:00:00-08:00'); // Wednesday, no pickup
});
afterAll(async () => t?.close());

const get = (url: string, who: DemoRole = 'staff') =>
  t.app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${tokens[who]}` } });
const report = async (query: string) => {
  const res = await get(`${URL}?${query}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
};

describe('stipend report', () => {
  it('counts a 28-day month with every field of spec section 3', async () => {
    const body = await report(`year_month=2026-02&store_id=${f.storeId}`);
    expect(body.count).toBe(2);
    const mwf = body.results.find((r: { receiver: number }) => r.receiver === f.receiverId);
    expect(mwf).toEqual({
      item_id: `r${f.receiverId}-s${f.storeId}-2026-02`,
      receiver: f.receiverId,
      receiver_name: 'Fixture Food Bank',
      receiver_type: 'HUB',
      receiver_diversion_type: 'Charity',
      is_lead_charity: true,
      store: f.storeId,
      store_name: 'Fixture Store Alpha',
      store_type: 'Supermarket',
      store_start_date: '2020-01-01',
      year_month: '2026-02',
      reason_1: 1,
      reason_2: 0,
      reason_3: 2,
      reason_4: 0,
      reason_5: 0,
      reason_6: 0,
      reason_7: 0,
      reason_8: 0,
      reason_null: 7,
      schedule_code: 'MWF',
      expected_service_days: 12,
      actual_service_days: 3,
      expected_non_service_days: 16,
      actual_non_service_days: 10,
    });
    const sunday = body.results.find((r: { receiver: number }) => r.receiver === f.sundayReceiverId);
    expect(sunday).toMatchObject({
      is_lead_charity: false,
      schedule_code: 'U',
      expected_service_days: 3,
      expected_non_service_days: 25,
      actual_service_days: 1,
      actual_non_service_days: 2,
      reason_null: 2,
    });
  });

  it('counts a 31-day month on local days and a 30-day month, and drops ended schedules', async () => {
    const body = await report(`year_month__gte=2026-03&year_month__lte=2026-04&store_id=${f.storeId}`);
    expect(body.results.map((r: { year_month: string; receiver: number }) => [r.year_month, r.receiver])).toEqual([
      ['2026-03', f.receiverId],
      ['2026-04', f.receiverId],
    ]);
    expect(body.results[0]).toMatchObject({
      expected_service_days: 13,
      expected_non_service_days: 18,
      actual_service_days: 2,
      actual_non_service_days: 13,
      reason_null: 13,
    });
    expect(body.results[1]).toMatchObject({
      expected_service_days: 13,
      expected_non_service_days: 17,
      actual_service_days: 0,
      actual_non_service_days: 13,
      reason_null: 13,
      reason_1: 0,
    });
  });

  it('filters by receiver, store and company, and pages', async () => {
    expect((await report(`year_month=2026-02&receiver_id=${f.sundayReceiverId}`)).count).toBe(1);
    expect((await report(`year_month=2026-02&company_id=${f.companyId}`)).count).toBe(2);
    expect((await report(`year_month=2026-02&store_id=${f.otherStoreId}`)).count).toBe(0);
    const all = await report('year_month=2026-02&page_size=5');
    expect(all.count).toBeGreaterThan(5);
    expect(all.results).toHaveLength(5);
    expect(all.next).toContain('page=2');
    const page2 = await report('year_month=2026-02&page_size=5&page=2');
    expect(page2.results[0].item_id).not.toBe(all.results[0].item_id);
    for (const row of all.results) {
      expect(row.expected_service_days + row.expected_non_service_days).toBe(28);
    }
    expect((await get(`${URL}?year_month=2026-13`)).statusCode).toBe(400);
    expect((await get(`${URL}?year_month=2026-02`, 'company')).statusCode).toBe(403);
  });

  it('downloads the filtered rows as a spreadsheet another reader sees with human headers and real dates', async () => {
    const res = await get(`${URL}.xlsx?year_month=2026-02&store_id=${f.storeId}`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-disposition']).toBe('attachment; filename="stipend_report_2026-02.xlsx"');
    const [ws] = readXlsx(res.rawPayload);
    expect([ws.fit_to_page, ws.fit_to_width, ws.fit_to_height, ws.print_title_rows]).toEqual([true, 1, 0, '$1:$1']);
    expect(ws.cell_types.str ?? 0).toBe(0);
    expect(ws.rows).toHaveLength(3);
    const header = ws.rows[0] as string[];
    expect(header).toHaveLength(25);
    expect(header.slice(0, 3)).toEqual(['Item id', 'Receiver id', 'Receiver']);
    expect(header).toContain('Expected service days');
    expect(header).toContain('No-pickup reason 3: Driver or volunteer did not arrive');
    const rows = [1, 2].map((i) => Object.fromEntries(header.map((h, j) => [h, ws.rows[i][j]])));
    expect(rows.find((r) => r['Receiver id'] === f.receiverId)).toMatchObject({
      'Schedule code': 'MWF',
      'Expected service days': 12,
      'Actual service days': 3,
      'Actual non-service days': 10,
      'No-pickup reason 3: Driver or volunteer did not arrive': 2,
      'Lead charity': 'Yes',
      Month: { date: '2026-02-01T00:00:00', format: 'yyyy-mm' },
    });
    for (const r of rows) expect(r['Store start date']).toMatchObject({ format: 'yyyy-mm-dd' });
  });
});
