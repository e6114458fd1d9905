import { reportDay } from '@openrescue/shared';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { publishOneReadyFile } from '../../test-support/publish-request.js';
import { buildTestApp, type DemoRole, signInDemoAccounts, type TestApp } from '../../test-support/test-app.js';
import {
  createRetailFixture,
  daysAgo,
  insertNoPickup,
  item,
  type RetailFixture,
} from '../../test-support/fixtures/retail.js';

/** Corrections of bulk scans and the audit trail (issue 36 section 1, decision 0061). */
let t: TestApp;
let tokens: Record<DemoRole, string>;
let f: RetailFixture;

beforeAll(async () => {
  t = await buildTestApp({}, { demo: 1000 });
  tokens = await signInDemoAccounts(t.app);
  f = await createRetailFixture(t);
});
afterAll(async () => t?.close());

const send = (
  method: 'GET' | 'POST' | 'PATCH' | 'DELETE' | 'PUT',
  url: string,
  payload?: unknown,
  who: DemoRole = 'staff',
) =>
  t.app.inject({
    method,
    url,
    ...(payload === undefined ? {} : { payload: payload as object }),
    headers: { authorization: `Bearer ${tokens[who]}` },
  });
const scanUrl = (id: number) => `/core-api/api/bulkscan/${id}`;

async function enter(over: Record<string, unknown> = {}) {
  const res = await send('POST', '/core-api/api/bulkscan/', [item(f, over)]);
  expect(res.statusCode, res.body).toBe(201);
  return res.json()[0] as { id: number; entry_time: string };
}

/** Everything a correction may touch, to compare before and after a refused one. */
async function state(scanId: number) {
  const db = t.database.db;
  const { rows } = await sql<Record<string, unknown>>`select
    (select row_to_json(b) from (select department_id, weight_kg, entry_time from bulk_scan where id = ${scanId}) b) as scan,
    (select row_to_json(d) from (select department_id, weight_kg, entry_time, meals_provided from donation
      where id = (select donation_id from bulk_scan where id = ${scanId})) d) as donation,
    (select coalesce(sum(weight_kg), 0)::text from donation_monthly where store_id = ${f.storeId}) as monthly,
    (select coalesce(sum(weight_kg), 0)::text from donation_daily where company_id = ${f.companyId}) as daily,
    (select count(*)::int from audit_event) as audit`.execute(db);
  return rows[0];
}
const storeTotal = async () => {
  const res = await send('GET', `/core-api/api/retail/reports/donation_totals?from_store_id=${f.storeId}`);
  expect(res.statusCode, res.body).toBe(200);
  return Number(res.json().results[0]?.weight_kg__sum ?? 0);
};
const trail = async (query: string) => {
  const res = await send('GET', `/ops-api/audit-events?${query}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as { count: number; next: string | null; results: Array<Record<string, unknown>> };
};

describe('bulk scan corrections', () => {
  it('entering a scan is on the trail, by the signed-in user', async () => {
    const scan = await enter({ weight_kg: 21, email: 'someone-else@example.com' });
    const { results } = await trail(`object_type=bulk_scan&object_id=${scan.id}`);
    expect(results).toHaveLength(1);
    expect(results[0]).toMatchObject({
      action: 'bulk_scan.insert',
      actor_label: 'staff@openrescue.test',
      object_id: String(scan.id),
      after: { weight_kg: 21, department: 1, store_id: f.storeId },
    });
    // The names beside the ids, as they were when the scan was entered (the trail shows them).
    const names = await sql<{ store: string; receiver: string }>`select s.name as store, r.name as receiver
      from store s, receiver r where s.id = ${f.storeId} and r.id = ${f.receiverId}`.execute(t.database.db);
    expect(results[0].after).toMatchObject(names.rows[0]);
  });

  it('corrects weight, department and date: the donation, the rollups and the totals follow at once', async () => {
    const scan = await enter({ weight_kg: 40, entry_time: daysAgo(5) });
    const totalBefore = await storeTotal();
    const newDay = reportDay(new Date(daysAgo(2)));
    const res = await send('PATCH', scanUrl(scan.id), {
      weight_kg: 14,
      department: 3,
      entry_date: newDay,
      reason: 'Typed 40 instead of 14',
    });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body.before).toMatchObject({ id: scan.id, weight_kg: 40, department: 1 });
    expect(body.after).toMatchObject({ id: scan.id, weight_kg: 14, department: 3 });
    expect(reportDay(new Date(body.after.entry_time))).toBe(newDay);
    // Same local time of day, three days later.
    expect(Date.parse(body.after.entry_time) - Date.parse(scan.entry_time)).toBeGreaterThan(2.9 * 86_400_000);
    expect(await storeTotal()).toBeCloseTo(totalBefore - 26, 3);
    const s = await state(scan.id);
    expect(s.donation).toMatchObject({ department_id: 3, weight_kg: 14 });
    const { results } = await trail(`object_type=bulk_scan&object_id=${scan.id}&action=bulk_scan.correct`);
    expect(results).toHaveLength(1);
    expect(results[0]).toMatchObject({
      actor_label: 'staff@openrescue.test',
      reason: 'Typed 40 instead of 14',
      before: { weight_kg: 40, department: 1 },
      after: { weight_kg: 14, department: 3, entry_date: newDay },
    });
    // The list shows the corrected scan.
    const list = await send('GET', `/core-api/api/retail/bulkscan?id=${scan.id}`);
    expect(list.json().results[0]).toMatchObject({ weight_kg: 14, department: 3 });
  });

  it('refuses bad input with a 400 that changes nothing', async () => {
    const scan = await enter({ weight_kg: 33 });
    const before = await state(scan.id);
    const tomorrow = reportDay(new Date(Date.now() + 2 * 86_400_000));
    const bad: unknown[] = [
      { weight_kg: 10 },
      { weight_kg: 10, reason: '' },
      { weight_kg: 10, reason: '    ' },
      { weight_kg: 10, reason: 'x'.repeat(501) },
      { reason: 'nothing named' },
      { weight_kg: 0, reason: 'r' },
      { weight_kg: 1000, reason: 'r' },
      { weight_kg: 12.5, reason: 'r' },
      { weight_kg: '12', reason: 'r' },
      { department: 8, reason: 'r' },
      { entry_date: '2026-02-30', reason: 'r' },
      { entry_date: 'yesterday', reason: 'r' },
      { entry_date: tomorrow, reason: 'r' },
      { weight_kg: 33, reason: 'the same value' },
      { weight_kg: 10, reason: 'r', actor: 'someone@else.test' },
      { weight_kg: 10, reason: 'r', author_id: '00000000-0000-0000-0000-000000000000' },
      [],
      { weight_kg: null, reason: 'r' },
    ];
    for (const payload of bad) {
      const res = await send('PATCH', scanUrl(scan.id), payload);
      expect(res.statusCode, `${JSON.stringify(payload)}: ${res.body}`).toBe(400);
    }
    for (const payload of [{}, { reason: '' }, { reason: '  ' }, { reason: 'r', extra: 1 }]) {
      const res = await send('DELETE', scanUrl(scan.id), payload);
      expect(res.statusCode, `${JSON.stringify(payload)}: ${res.body}`).toBe(400);
    }
    expect((await send('PATCH', '/core-api/api/bulkscan/abc', { weight_kg: 3, reason: 'r' })).statusCode).toBe(400);
    expect(await state(scan.id)).toEqual(before);
  });

  it('a no-pickup recorded in the console is a bulk-scan insert on the trail, and its date can be corrected', async () => {
    const day = reportDay(new Date(daysAgo(6)));
    const res = await send('POST', '/core-api/api/retail/no-pickups', {
      store_id: f.storeId,
      receiver_id: f.receiverId,
      day,
      reason_id: 3,
    });
    expect(res.statusCode, res.body).toBe(201);
    const id = res.json().id as number;
    const { results } = await trail(`object_type=bulk_scan&object_id=${id}`);
    const { rows: names } = await sql<{ store: string; reason: string }>`select
      (select name from store where id = ${f.storeId}) as store, (select reason from reason where id = 3) as reason`.execute(
      t.database.db,
    );
    expect(results[0]).toMatchObject({
      action: 'bulk_scan.insert',
      after: { store_id: f.storeId, store: names[0].store, reason_id: 3, reason: names[0].reason, entry_date: day },
    });
    expect(names[0].reason).toEqual(expect.any(String));
    const moved = reportDay(new Date(daysAgo(5)));
    const corrected = await send('PATCH', scanUrl(id), { entry_date: moved, reason: 'Wrong day picked' });
    expect(corrected.statusCode, corrected.body).toBe(200);
    expect(reportDay(new Date(corrected.json().after.entry_time))).toBe(moved);
  });

  it('answers 404 for a scan nobody has, and refuses a weight on a no-pickup record', async () => {
    expect((await send('PATCH', scanUrl(987654321), { weight_kg: 3, reason: 'r' })).statusCode).toBe(404);
    expect((await send('DELETE', scanUrl(987654321), { reason: 'r' })).statusCode).toBe(404);
    await insertNoPickup(t, f.storeId, f.receiverId, 2, daysAgo(4));
    const { rows } = await sql<{ id: number }>`select id from bulk_scan where reason_id is not null
      and store_id = ${f.storeId} order by id desc limit 1`.execute(t.database.db);
    const id = Number(rows[0].id);
    const res = await send('PATCH', scanUrl(id), { weight_kg: 3, reason: 'r' });
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().title ?? res.json().message ?? res.body).toMatch(/no-pickup/);
  });

  it('deletes a scan and its donation with a reason; totals follow and the history stays', async () => {
    const scan = await enter({ weight_kg: 77 });
    const totalBefore = await storeTotal();
    const res = await send('DELETE', scanUrl(scan.id), { reason: 'Entered twice' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().deleted).toMatchObject({ id: scan.id, weight_kg: 77 });
    expect(await storeTotal()).toBeCloseTo(totalBefore - 77, 3);
    const left = await sql<{ n: number }>`select count(*)::int as n from bulk_scan where id = ${scan.id}`.execute(
      t.database.db,
    );
    expect(left.rows[0].n).toBe(0);
    expect((await send('DELETE', scanUrl(scan.id), { reason: 'again' })).statusCode).toBe(404);
    const { results } = await trail(`object_type=bulk_scan&object_id=${scan.id}`);
    expect(results.map((e) => e.action)).toEqual(['bulk_scan.delete', 'bulk_scan.insert']);
    expect(results[0]).toMatchObject({ reason: 'Entered twice', before: { weight_kg: 77 }, after: null });
  });

  it('marks a published report of the month as corrected after publishing', async () => {
    const scan = await enter({ weight_kg: 50 });
    const month = `${reportDay(new Date(scan.entry_time)).slice(0, 7)}-01`;
    const db = t.database.db;
    const file = await db
      .insertInto('publish_file')
      .values({
        file_type: 'STORE_REPORT',
        file_status: 'PUBLISHED',
        entry_date: month,
        company_id: f.companyId,
        store_id: f.storeId,
        file_change_time: new Date(Date.now() - 86_400_000),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const res = await send('PATCH', scanUrl(scan.id), { weight_kg: 5, reason: 'Scale error' });
    expect(res.statusCode, res.body).toBe(200);
    const row = await db
      .selectFrom('publish_file')
      .select('corrected_at')
      .where('id', '=', file.id)
      .executeTakeFirstOrThrow();
    expect(row.corrected_at).not.toBeNull();
    const { results } = await trail(`object_type=bulk_scan&object_id=${scan.id}&action=bulk_scan.correct`);
    expect(results[0].detail).toMatchObject({ published_files_marked: [Number(file.id)] });
    // The console's Find rows and the store's report (the public one reads the same endpoint) say when.
    const find = await send('POST', '/ops-api/appsheet/table/PublishFile/action', {
      Action: 'Find',
      Properties: {
        Locale: 'en-US',
        Timezone: 'Pacific Standard Time',
        Selector: `Filter(PublishFile, [id] = ${file.id})`,
      },
      Rows: [],
    });
    expect(find.statusCode, find.body).toBe(200);
    expect(find.json().data[0].corrected_after_publish_at).toBe(row.corrected_at!.toISOString());
    const report = await send('GET', `/core-api/api/reports/monthly/store/${f.storeId}?month=${month}`);
    expect(report.statusCode, report.body).toBe(200);
    expect(report.json().corrected_after_publishing).toBe(row.corrected_at!.toISOString());
    // Publishing it again (a later file_change_time) ends the note.
    await db.updateTable('publish_file').set({ file_change_time: new Date() }).where('id', '=', file.id).execute();
    const again = await send('GET', `/core-api/api/reports/monthly/store/${f.storeId}?month=${month}`);
    expect(again.json().corrected_after_publishing).toBeNull();
  });
});

describe('the audit trail', () => {
  it('filters by person, object, action and network days, and pages', async () => {
    const a = await enter({ weight_kg: 3 });
    await enter({ weight_kg: 4 });
    const mine = await trail('actor=STAFF@openrescue&action=bulk_scan.insert&page_size=1');
    expect(mine.count).toBeGreaterThanOrEqual(2);
    expect(mine.results).toHaveLength(1);
    expect(mine.next).toContain('page=2');
    expect((await trail('actor=nobody-like-this')).count).toBe(0);
    const today = reportDay();
    expect((await trail(`from=${today}&to=${today}&object_type=bulk_scan&object_id=${a.id}`)).count).toBe(1);
    expect((await trail(`to=2020-01-01&object_type=bulk_scan&object_id=${a.id}`)).count).toBe(0);
    for (const bad of ['action=bulk_scan.rename', 'object_type=planet', 'from=2026-13-01', 'page=0', 'sort=at']) {
      expect((await send('GET', `/ops-api/audit-events?${bad}`)).statusCode, bad).toBe(400);
    }
  });

  it('exports the filtered trail as CSV, with formulas defused', async () => {
    const scan = await enter({ weight_kg: 8 });
    await send('DELETE', scanUrl(scan.id), { reason: '=HYPERLINK("http://x")' });
    const res = await send('GET', `/ops-api/audit-events.csv?object_type=bulk_scan&object_id=${scan.id}`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toContain('text/csv');
    expect(res.headers['content-disposition']).toContain('audit-trail.csv');
    const lines = res.body
      .replace(/^\ufeff/, '')
      .trim()
      .split(/\r?\n/);
    expect(lines[0]).toBe('id,at,actor,actor_id,action,object_type,object_id,reason,before,after,detail');
    expect(lines).toHaveLength(3);
    expect(lines[1]).toContain('bulk_scan.delete');
    expect(lines[1]).toContain(`'=HYPERLINK`);
    expect(lines[2]).toContain('bulk_scan.insert');
  });

  it('records link rotations, poster links, integration keys and flow runs', async () => {
    await send('POST', `/ops-api/public-links/store/${f.storeId}/rotate`);
    const poster = (await send('GET', `/ops-api/public-links/store/${f.storeId}/poster`)).json();
    await send('GET', `/ops-api/public-links/store/${f.storeId}/poster`);
    const next = (await send('POST', `/ops-api/public-links/store/${f.storeId}/poster/revoke`)).json();
    const store = await trail(`object_type=store&object_id=${f.storeId}`);
    expect(store.results.map((e) => e.action)).toEqual([
      'poster_link.revoke',
      'poster_link.create',
      'public_link.rotate',
    ]);
    // Only the codes' last characters: a code on the trail would open the report.
    expect(JSON.stringify(store.results)).not.toContain(poster.code);
    expect(JSON.stringify(store.results)).not.toContain(next.code);
    const created = await send('POST', '/core-api/api/product/calls/integration-keys', { name: 'audit-test' });
    expect(created.statusCode, created.body).toBe(201);
    const key = created.json();
    await send('DELETE', `/core-api/api/product/calls/integration-keys/${key.id}`);
    const keys = await trail(`object_type=integration_key&object_id=${key.id}`);
    expect(keys.results.map((e) => e.action)).toEqual(['integration_key.revoke', 'integration_key.create']);
    expect(JSON.stringify(keys.results)).not.toContain(key.key);
    const flow = await send('POST', '/ops-api/trigger/sproc/loadBulkScanToQa');
    expect(flow.statusCode, flow.body).toBe(202);
    const flows = await trail('action=flow.run');
    expect(flows.results[0]).toMatchObject({ object_type: 'flow', object_id: 'loadBulkScanToQa' });
  });

  it("records staff sign-ins, not client users'", async () => {
    const signIns = await trail('action=session.sign_in');
    const who = signIns.results.map((e) => e.actor_label);
    expect(who).toContain('staff@openrescue.test');
    expect(who).not.toContain('company@openrescue.test');
    expect(signIns.results[0]).toMatchObject({ object_type: 'user', object_id: signIns.results[0].actor_id });
  });

  it('records mail sends and publish jobs', async () => {
    const { rows } = await sql<{ receiver_id: number }>`select receiver_id from receiver_contact
      where unsubscribed_at is null order by id limit 1`.execute(t.database.db);
    const sent = await send('POST', '/core-api/api/reports/charity_poster_contacts/', {
      with_receiver_id: Number(rows[0].receiver_id),
      month: '2026-09',
    });
    expect(sent.statusCode, sent.body).toBe(200);
    const mail = await trail('action=mail.send');
    expect(mail.results[0]).toMatchObject({
      object_type: 'mail_send',
      object_id: sent.json().result.send_id,
      actor_label: 'staff@openrescue.test',
      detail: { month: '2026-09', with_receiver_id: Number(rows[0].receiver_id), mailers: sent.json().result.mailers },
    });
    const publishing = await publishOneReadyFile(t.database.db);
    const started = await send('POST', '/ops-api/appsheet/table/PublishFile/batchAction', publishing.body);
    expect(started.statusCode, started.body).toBe(202);
    const publish = await trail('action=publish.start');
    expect(publish.results[0]).toMatchObject({
      object_type: 'publish_job',
      object_id: started.json().job.id,
      detail: { publish_file_ids: [publishing.fileId] },
    });
  });

  it('cannot be changed through any route, nor in the database', async () => {
    const writes = t.routes.filter((r) => r.method !== 'GET' && r.method !== 'HEAD' && /audit/i.test(r.url));
    expect(writes).toEqual([]);
    const before = await trail('page_size=1');
    const id = before.results[0].id;
    for (const method of ['POST', 'PATCH', 'PUT', 'DELETE'] as const) {
      for (const url of ['/ops-api/audit-events', `/ops-api/audit-events/${id}`, '/ops-api/audit-events.csv']) {
        const res = await send(method, url, { reason: 'r', action: 'x' });
        expect([404, 405], `${method} ${url}`).toContain(res.statusCode);
      }
    }
    const db = t.database.db;
    await expect(sql`update audit_event set reason = 'changed' where id = ${id}`.execute(db)).rejects.toThrow(
      /append-only/,
    );
    await expect(sql`delete from audit_event where id = ${id}`.execute(db)).rejects.toThrow(/append-only/);
    await expect(sql`truncate audit_event`.execute(db)).rejects.toThrow(/append-only/);
    expect((await trail('page_size=1')).results[0]).toEqual(before.results[0]);
  });

  it('is for staff only: client users get 403 and no entries', async () => {
    for (const who of ['company', 'store', 'pending'] as const) {
      expect((await send('GET', '/ops-api/audit-events', undefined, who)).statusCode).toBe(403);
      expect((await send('GET', '/ops-api/audit-events.csv', undefined, who)).statusCode).toBe(403);
      expect((await send('PATCH', scanUrl(1), { weight_kg: 3, reason: 'r' }, who)).statusCode).toBe(403);
      expect((await send('DELETE', scanUrl(1), { reason: 'r' }, who)).statusCode).toBe(403);
    }
    expect((await t.app.inject({ method: 'GET', url: '/ops-api/audit-events' })).statusCode).toBe(401);
  });
});
