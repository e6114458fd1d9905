import { BULK_SCAN_BACK_DAYS, reportDay } from '@openrescue/shared';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createRetailFixture, type RetailFixture } from '../../test-support/fixtures/retail.js';
import { buildTestApp, type DemoRole, signInDemoAccounts, type TestApp } from '../../test-support/test-app.js';
import { addDays } from '../reports/time-bounds.js';

let t: TestApp;
let tokens: Record<DemoRole, string>;
let f: RetailFixture;
const URL = '/core-api/api/retail/no-pickups';

beforeAll(async () => {
  t = await buildTestApp({}, { demo: 2000 });
  tokens = await signInDemoAccounts(t.app);
  f = await createRetailFixture(t);
});
afterAll(async () => t?.close());

const today = () => reportDay();
const post = (body: unknown, who: DemoRole | null = 'staff') =>
  t.app.inject({
    method: 'POST',
    url: URL,
    payload: body as object,
    headers: who ? { authorization: `Bearer ${tokens[who]}` } : {},
  });
const scans = async () =>
  Number((await sql<{ n: string }>`select count(*) as n from bulk_scan`.execute(t.database.db)).rows[0].n);
const body = (over: Record<string, unknown> = {}) => ({
  store_id: f.storeId,
  receiver_id: f.receiverId,
  day: addDays(today(), -4),
  reason_id: 3,
  ...over,
});

describe('POST retail/no-pickups (issue 36)', () => {
  it('records a no-pickup with its reason, by the signed-in user, on the network day, and lists it', async () => {
    const day = addDays(today(), -4);
    const res = await post(body({ day }));
    expect(res.statusCode, res.body).toBe(201);
    const row = res.json();
    expect(row).toMatchObject({
      store_id: f.storeId,
      receiver_id: f.receiverId,
      reason_id: 3,
      reason: 'Driver or volunteer did not arrive',
      weight_kg: null,
      department: null,
      email: 'staff@openrescue.test',
    });
    // Stored on its day in the network's time zone (noon, 7 hours back: DESIGN "Bulk-scan time shift").
    expect(reportDay(new Date(row.entry_time))).toBe(day);
    const stored = await sql<{ author: string | null; donation_id: string | null }>`
      select u.email as author, b.donation_id from bulk_scan b left join "user" u on u.id = b.author_id
      where b.id = ${row.id}`.execute(t.database.db);
    expect(stored.rows[0]).toEqual({ author: 'staff@openrescue.test', donation_id: null });

    const list = await t.app.inject({
      method: 'GET',
      url: `/core-api/api/retail/bulkscan?has_reason=true&store_id=${f.storeId}`,
      headers: { authorization: `Bearer ${tokens.staff}` },
    });
    expect(list.json().results.map((r: { id: number }) => r.id)).toContain(row.id);

    // The stipend report counts it under its reason.
    const month = day.slice(0, 7);
    const stipend = await t.app.inject({
      method: 'GET',
      url: `/core-api/api/retail/stipend-report?year_month=${month}&store_id=${f.storeId}&receiver_id=${f.receiverId}`,
      headers: { authorization: `Bearer ${tokens.staff}` },
    });
    expect(stipend.json().results[0].reason_3).toBeGreaterThanOrEqual(1);
  });

  it('a second no-pickup of the same store, receiver and day answers 409 and adds nothing', async () => {
    const day = addDays(today(), -6);
    expect((await post(body({ day, reason_id: 1 }))).statusCode).toBe(201);
    const before = await scans();
    const again = await post(body({ day, reason_id: 2 }));
    expect(again.statusCode, again.body).toBe(409);
    expect(again.json().message).toBe(
      `A no-pickup is already recorded for ${day} (Store closed (holiday or closure)): nothing was added.`,
    );
    expect(await scans()).toBe(before);
  });

  it('two at once for the same day: one is recorded', async () => {
    const day = addDays(today(), -8);
    const answers = await Promise.all([post(body({ day })), post(body({ day, reason_id: 4 }))]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([201, 409]);
  });

  it.each([
    ['a day after today', () => body({ day: addDays(today(), 1) }), /is after the network's today/],
    [
      'a day too far back',
      () => body({ day: addDays(today(), -(BULK_SCAN_BACK_DAYS + 1)) }),
      new RegExp(`more than ${BULK_SCAN_BACK_DAYS} days before today`),
    ],
    ['a day not in the calendar', () => body({ day: '2026-02-30' }), /not a day of the calendar/],
    ['a day that is not a date', () => body({ day: 'yesterday' }), /YYYY-MM-DD/],
    ['an unknown store', () => body({ store_id: 999_999 }), /unknown store 999999/],
    ['an unknown receiver', () => body({ receiver_id: 999_999 }), /unknown receiver 999999/],
    [
      'a receiver without a schedule with the store',
      () => body({ receiver_id: f.unlinkedReceiverId }),
      /has no pickup schedule with store/,
    ],
    ['an unknown reason', () => body({ reason_id: 9 }), /reason_id/],
    ['no reason', () => body({ reason_id: undefined }), /reason_id/],
    ['a weight', () => body({ weight_kg: 3 }), /weight_kg/],
    ['an author in the body', () => body({ email: 'someone@else.test' }), /email/],
    ['a list', () => [body()], /./],
  ])('refuses %s with a clear 400 and adds nothing', async (_name, make, message) => {
    const before = await scans();
    const res = await post(make());
    expect(res.statusCode, res.body).toBe(400);
    const answer = res.json();
    expect(`${answer.message} ${answer.detail}`).toMatch(message);
    expect(await scans()).toBe(before);
  });

  it('refuses a day outside the schedule', async () => {
    const ended = addDays(today(), -20);
    await sql`update store_receiver set ended_on = ${ended} where store_id = ${f.storeId}
      and receiver_id = ${f.sundayReceiverId}`.execute(t.database.db);
    const res = await post(body({ receiver_id: f.sundayReceiverId, day: addDays(today(), -19) }));
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().message).toBe(`No no-pickup was recorded: the pickup schedule ended on ${ended}`);
    expect((await post(body({ receiver_id: f.sundayReceiverId, day: ended }))).statusCode).toBe(201);
  });

  it('is for staff only: signed out 401, company and store users 403', async () => {
    const before = await scans();
    expect((await post(body({ day: addDays(today(), -10) }), null)).statusCode).toBe(401);
    expect((await post(body({ day: addDays(today(), -10) }), 'company')).statusCode).toBe(403);
    expect((await post(body({ day: addDays(today(), -10) }), 'store')).statusCode).toBe(403);
    expect(await scans()).toBe(before);
  });
});
