import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type DemoRole, signInDemoAccounts, type TestApp } from '../../test-support/test-app.js';
import { createRetailFixture, plantConsoleWeights, type RetailFixture } from '../../test-support/fixtures/retail.js';
import { flowTablesState, insertBulkScan } from '../../test-support/fixtures/flows.js';

let t: TestApp;
let tokens: Record<DemoRole, string>;
let f: RetailFixture;
/** Bulk scan ids of the planted scanner uploads, by name. */
const planted: Record<string, number> = {};
let consoleScanIds: number[] = [];

const db = () => t.database.db;
const headers = (who: DemoRole | null) => (who ? { authorization: `Bearer ${tokens[who]}` } : {});
const post = (url: string, who: DemoRole | null = 'staff') =>
  t.app.inject({ method: 'POST', url, headers: headers(who) });
const get = (url: string, who: DemoRole | null = 'staff') =>
  t.app.inject({ method: 'GET', url, headers: headers(who) });
const STEP = (id: string) => `/ops-api/trigger/sproc/${id}`;
const CHAIN = '/ops-api/flow/triggerBulkScanToDonationFlow';

/** Starts a flow, waits for the runner, and returns the finished job row. */
async function run(url: string) {
  const res = await post(url);
  expect(res.statusCode, res.body).toBe(202);
  const { job } = res.json();
  await t.ctx.jobRunner.idle();
  return db().selectFrom('jobs').selectAll().where('id', '=', job.id).executeTakeFirstOrThrow();
}

async function scan(
  name: string,
  v: { store: number; receiver: number; department?: number | null; kg?: number | null; reason?: number; at: string },
) {
  planted[name] = await insertBulkScan(db(), v);
}

const state = () => flowTablesState(db());

beforeAll(async () => {
  t = await buildTestApp({}, { demo: 2000 });
  tokens = await signInDemoAccounts(t.app);
  f = await createRetailFixture(t);
  // Store history for the outlier rule: 25 bakery weights entered in the console (10..34 kg; p95 32.8 kg, so the
  // limit is max(3 x 32.8, 150) = 150 kg). They are donations already and must never be loaded by the flows.
  // Planted as POST bulkscan/ stores them: December 2025 is past its back-date window now (decision 0038).
  const history = Array.from({ length: 25 }, (_, i) => ({
    receiverId: f.receiverId,
    kg: 10 + i,
    at: `2025-12-${String(i + 1).padStart(2, '0')}T10:00:00-08:00`,
  }));
  consoleScanIds = (await plantConsoleWeights(t, f, history)).map((r) => r.id);

  const A = f.storeId;
  const R = f.receiverId;
  await scan('clean', { store: A, receiver: R, department: 1, kg: 12.5, at: '2026-01-05T10:00:00-08:00' });
  await scan('cleanProduce', { store: A, receiver: R, department: 5, kg: 7.25, at: '2026-01-05T10:00:00-08:00' });
  // 480 kg of deli: no deli history at this store, so only the fixed 500 kg limit applies.
  await scan('cleanNoHistory', { store: A, receiver: R, department: 3, kg: 480, at: '2026-01-07T09:30:00-08:00' });
  await scan('cleanSunday', {
    store: A,
    receiver: f.sundayReceiverId,
    department: 7,
    kg: 0.125,
    at: '2026-01-11T12:00:00-08:00',
  });
  await scan('unknownStore', { store: 999_999, receiver: R, department: 1, kg: 5, at: '2026-01-05T10:00:00-08:00' });
  await scan('unknownReceiver', { store: A, receiver: 999_998, department: 1, kg: 5, at: '2026-01-05T10:00:00-08:00' });
  await scan('unlinked', {
    store: A,
    receiver: f.unlinkedReceiverId,
    department: 1,
    kg: 5,
    at: '2026-01-05T10:00:00-08:00',
  });
  await scan('duplicate', { store: A, receiver: R, department: 1, kg: 12.5, at: '2026-01-05T10:00:00-08:00' });
  // The same weight as a console entry (scanned and typed in): a duplicate of that console scan.
  await scan('duplicateOfConsole', { store: A, receiver: R, department: 1, kg: 10, at: '2025-12-01T10:00:00-08:00' });
  await scan('outlier', { store: A, receiver: R, department: 1, kg: 400, at: '2026-01-06T10:00:00-08:00' });
  await scan('noPickup', { store: A, receiver: R, reason: 2, at: '2026-01-09T12:00:00-08:00' });
});
afterAll(async () => t?.close());

describe('flows: access and unknown ids', () => {
  it('is staff only: signed out 401, company and store users 403', async () => {
    for (const url of [CHAIN, STEP('loadBulkScanToQa')]) {
      expect((await post(url, null)).statusCode).toBe(401);
      expect((await post(url, 'company')).statusCode).toBe(403);
      expect((await post(url, 'store')).statusCode).toBe(403);
    }
    expect((await get('/ops-api/table/CustomDebugLog', null)).statusCode).toBe(401);
    expect((await get('/ops-api/table/CustomDebugLog', 'company')).statusCode).toBe(403);
    expect(
      await db().selectFrom('jobs').select('id').where('kind', '=', 'flow').where('status', '<>', 'failed').execute(),
    ).toEqual([]);
  });

  it('answers an unknown flow with a 404 that names the known ones, and starts nothing', async () => {
    for (const url of [
      STEP('dropEverything'),
      '/ops-api/flow/loadBulkScanToQa',
      STEP('triggerBulkScanToDonationFlow'),
    ]) {
      const res = await post(url);
      expect(res.statusCode, url).toBe(404);
      expect(res.json()).toMatchObject({
        type: 'not_found',
        message: expect.stringMatching(/^Unknown flow: /),
        detail: expect.any(String),
      });
    }
    expect(
      await db().selectFrom('jobs').select('id').where('kind', '=', 'flow').where('status', '<>', 'failed').execute(),
    ).toEqual([]);
  });
});

describe('flows: the chain over planted problems', () => {
  let before: Awaited<ReturnType<typeof state>>;
  let donationsBefore = 0;

  it('refuses a second start while the same flow is queued (409), then runs it', async () => {
    before = await state();
    donationsBefore = Number(before.donations);
    await t.ctx.jobRunner.stop(); // the job stays 'initialized' while the runner is stopped
    const first = await post(STEP('loadBulkScanToQa'));
    expect(first.statusCode, first.body).toBe(202);
    const started = first.json();
    expect(started).toMatchObject({
      flow: 'loadBulkScanToQa',
      job: { name: 'flow_loadBulkScanToQa', status: 'initialized', kind: 'flow' },
    });
    // The demo holds a failed flow_loadBulkScanToQa_1 already: ids count the runs of the name.
    expect(started.job.id).toBe('flow_loadBulkScanToQa_2');
    expect(started.message).toBe('flow_loadBulkScanToQa_2 started');
    const second = await post(STEP('loadBulkScanToQa'));
    expect(second.statusCode).toBe(409);
    expect(second.json()).toMatchObject({ type: 'conflict', message: 'Job already in queue: flow_loadBulkScanToQa' });
    // Another flow is not blocked by it.
    const other = await post(STEP('preloadDonation'));
    expect(other.statusCode).toBe(202);
    await t.ctx.jobRunner.start();
    await t.ctx.jobRunner.idle();
    const job = await db().selectFrom('jobs').selectAll().where('id', '=', started.job.id).executeTakeFirstOrThrow();
    expect(job.status).toBe('succeeded');
    expect(job.total).toBeGreaterThanOrEqual(11);
    expect(job.processed).toBe(job.total);
    expect(job.error).toMatch(/^\d+ bulk scans have problems; see Logs$/);
  });

  it('flags every planted problem in the QA table and in the debug log, and passes the clean rows', async () => {
    const qa = await db()
      .selectFrom('bulk_scan_qa')
      .select(['bulk_scan_id', 'check_status', 'problem', 'job_id'])
      .where('bulk_scan_id', 'in', Object.values(planted))
      .execute();
    const by = new Map(qa.map((r) => [Number(r.bulk_scan_id), r]));
    const of = (name: string) => by.get(planted[name]);
    for (const name of ['clean', 'cleanProduce', 'cleanNoHistory', 'cleanSunday', 'noPickup']) {
      expect(of(name), name).toMatchObject({ check_status: 'clean', problem: null, job_id: 'flow_loadBulkScanToQa_2' });
    }
    expect(of('unknownStore')).toMatchObject({ check_status: 'problem', problem: 'unknown store 999999' });
    expect(of('unknownReceiver')).toMatchObject({ check_status: 'problem', problem: 'unknown receiver 999998' });
    const nameOf = async (table: 'store' | 'receiver', id: number) =>
      (await db().selectFrom(table).select('name').where('id', '=', id).executeTakeFirstOrThrow()).name;
    // Stores, receivers and departments by name, as staff know them (decision 0064).
    expect(of('unlinked')).toMatchObject({
      check_status: 'problem',
      problem: `${await nameOf('receiver', f.unlinkedReceiverId)} has no pickup schedule with ${await nameOf('store', f.storeId)}`,
    });
    expect(of('duplicate')).toMatchObject({
      check_status: 'problem',
      problem: `duplicate of bulk scan ${planted.clean}`,
    });
    expect(of('duplicateOfConsole')).toMatchObject({
      check_status: 'problem',
      problem: `duplicate of bulk scan ${consoleScanIds[0]}`,
    });
    expect(of('outlier')).toMatchObject({
      check_status: 'problem',
      problem: "400 kg is far outside the store's history for Bakery (limit 150 kg, 3 x p95 of 25 donations)",
    });

    const logs = await db()
      .selectFrom('custom_debug_log')
      .select(['target', 'error', 'job_id'])
      .where('job_id', '=', 'flow_loadBulkScanToQa_2')
      .execute();
    for (const name of ['unknownStore', 'unknownReceiver', 'unlinked', 'duplicate', 'duplicateOfConsole', 'outlier']) {
      const entry = logs.find((l) => l.error.startsWith(`Bulk scan ${planted[name]} `));
      expect(entry, name).toMatchObject({
        target: 'flow_loadBulkScanToQa',
        error: expect.stringContaining(of(name)!.problem!),
      });
      // No raw ids or UTC instants: the store and receiver by name, the time in the network's zone.
      expect(entry!.error, name).not.toMatch(/\((store|receiver) \d|\d{4}-\d\d-\d\dT/);
      expect(entry!.error, name).toMatch(/ (PST|PDT)\): /);
    }
    expect(logs.length).toBe(
      await db()
        .selectFrom('bulk_scan_qa')
        .select(sql<number>`count(*)::int`.as('n'))
        .where('job_id', '=', 'flow_loadBulkScanToQa_2')
        .where('check_status', '=', 'problem')
        .executeTakeFirstOrThrow()
        .then((r) => Number(r.n)),
    );
  });

  it('never loads a scan entered in the console', async () => {
    const { rows } = await sql<{ n: number; marked: number }>`select
      (select count(*)::int from bulk_scan_qa q join bulk_scan b on b.id = q.bulk_scan_id where b.donation_id is not null) as n,
      (select count(*)::int from bulk_scan where id = any(${consoleScanIds}::bigint[]) and donation_id is not null) as marked`.execute(
      db(),
    );
    expect(rows[0]).toEqual({ n: 0, marked: 25 });
  });

  it('makes the clean weights donations with their impact metrics, to the gram and the cent', async () => {
    for (const step of ['loadBulkScanQaToAdjScan', 'migrateAdjScanToDonation', 'preloadDonation']) {
      const job = await run(STEP(step));
      expect(job, step).toMatchObject({ status: 'succeeded', error: null, name: `flow_${step}` });
      expect(job.processed, step).toBe(job.total);
    }
    const { rows } = await sql<
      Record<string, unknown>
    >`select b.id as scan, d.weight_kg::text as kg, d.meals_provided::text as meals,
        d.food_rescued_kg::text as rescued, d.co2_emissions_kg::text as co2, d.money_saved::text as money, d.source,
        d.store_id, d.receiver_id, d.department_id, d.destination_id, d.company_id, d.entry_time, d.impact_factor_version
      from bulk_scan b join adjusted_scan a on a.bulk_scan_id = b.id join donation d on d.adjusted_scan_id = a.id
      where b.id = any(${Object.values(planted)}::bigint[]) order by b.id`.execute(db());
    // Charity: meals = kg / 0.544, CO2e = kg x 3.36, money = kg x 0.175 (half up to the cent).
    const got = rows.map((r) => ({
      ...r,
      scan: Number(r.scan),
      entry_time: new Date(r.entry_time as string).toISOString(),
    }));
    const common = {
      source: 'scan',
      store_id: f.storeId,
      company_id: f.companyId,
      destination_id: 1,
      impact_factor_version: 1,
    };
    expect(got).toEqual(
      [
        {
          scan: String(planted.clean),
          kg: '12.500',
          meals: '22.98',
          rescued: '12.500',
          co2: '42.000',
          money: '2.19',
          receiver_id: f.receiverId,
          department_id: 1,
          entry_time: new Date('2026-01-05T18:00:00Z'),
          ...common,
        },
        {
          scan: String(planted.cleanProduce),
          kg: '7.250',
          meals: '13.33',
          rescued: '7.250',
          co2: '24.360',
          money: '1.27',
          receiver_id: f.receiverId,
          department_id: 5,
          entry_time: new Date('2026-01-05T18:00:00Z'),
          ...common,
        },
        {
          scan: String(planted.cleanNoHistory),
          kg: '480.000',
          meals: '882.35',
          rescued: '480.000',
          co2: '1612.800',
          money: '84.00',
          receiver_id: f.receiverId,
          department_id: 3,
          entry_time: new Date('2026-01-07T17:30:00Z'),
          ...common,
        },
        {
          scan: String(planted.cleanSunday),
          kg: '0.125',
          meals: '0.23',
          rescued: '0.125',
          co2: '0.420',
          money: '0.02',
          receiver_id: f.sundayReceiverId,
          department_id: 7,
          entry_time: new Date('2026-01-11T20:00:00Z'),
          ...common,
        },
      ].map((r) => ({ ...r, scan: Number(r.scan), entry_time: r.entry_time.toISOString() })),
    );
    // The no-pickup record was clean but is not a donation.
    expect(
      await db().selectFrom('adjusted_scan').select('id').where('bulk_scan_id', '=', planted.noPickup).execute(),
    ).toEqual([]);
  });

  it('the whole flow finds nothing left, and running every flow again changes nothing', async () => {
    const chain = await run(CHAIN);
    expect(chain).toMatchObject({
      status: 'succeeded',
      total: 4,
      processed: 4,
      error: null,
      name: 'flow_triggerBulkScanToDonationFlow',
    });
    const after = await state();
    // Every demo and planted scan was loaded, every clean weight became one donation.
    const { rows } = await sql<{ unloaded: number; pending: number; unmigrated: number; flowDonations: number }>`select
      (select count(*)::int from bulk_scan b where b.donation_id is null and not exists (select 1 from bulk_scan_qa q where q.bulk_scan_id = b.id)) as unloaded,
      (select count(*)::int from bulk_scan_qa q where q.check_status = 'clean' and q.weight_kg > 0
        and not exists (select 1 from adjusted_scan a where a.bulk_scan_qa_id = q.id)) as pending,
      (select count(*)::int from adjusted_scan a where not exists (select 1 from donation d where d.adjusted_scan_id = a.id)) as unmigrated,
      (select count(*)::int from donation where adjusted_scan_id is not null) as "flowDonations"`.execute(db());
    expect(rows[0]).toMatchObject({ unloaded: 0, pending: 0, unmigrated: 0 });
    expect(Number(after.donations) - donationsBefore).toBe(rows[0].flowDonations);
    expect(rows[0].flowDonations).toBe(Number(after.adjusted));

    for (const url of [
      STEP('loadBulkScanToQa'),
      STEP('loadBulkScanQaToAdjScan'),
      STEP('migrateAdjScanToDonation'),
      STEP('preloadDonation'),
      CHAIN,
    ]) {
      const job = await run(url);
      expect(job.status, url).toBe('succeeded');
      expect(await state(), url).toEqual(after);
    }
  });

  it('keeps every rollup equal to the raw donation sums', async () => {
    const { rows } = await sql<Record<string, string>>`select
      (select concat_ws('|', count(*), sum(weight_kg), sum(meals_provided), sum(co2_emissions_kg), sum(money_saved)) from donation) as raw,
      (select concat_ws('|', sum(donation_count), sum(weight_kg), sum(meals_provided), sum(co2_emissions_kg), sum(money_saved)) from donation_monthly) as monthly,
      (select concat_ws('|', sum(donation_count), sum(weight_kg), sum(meals_provided), sum(co2_emissions_kg), sum(money_saved)) from donation_daily) as daily,
      (select concat_ws('|', sum(donation_count), sum(weight_kg), sum(meals_provided), sum(co2_emissions_kg), sum(money_saved)) from donation_weekly) as weekly,
      (select concat_ws('|', sum(donation_count), sum(weight_kg), sum(meals_provided), sum(co2_emissions_kg), sum(money_saved)) from donation_monthly_company) as company`.execute(
      db(),
    );
    const { raw, ...rollups } = rows[0];
    for (const [name, value] of Object.entries(rollups)) expect(value, name).toBe(raw);
    // Store A's January in the report rollup: exactly the four flow donations.
    const { rows: jan } = await sql<{ kg: string }>`select sum(weight_kg)::text as kg from donation_monthly
      where store_id = ${f.storeId} and month = '2026-01-01'`.execute(db());
    expect(jan[0].kg).toBe('499.875');
  });
});

describe('a failing flow', () => {
  it('ends failed, writes a debug-log entry, and a later run does the work', async () => {
    await scan('late', {
      store: f.storeId,
      receiver: f.receiverId,
      department: 2,
      kg: 3.5,
      at: '2026-01-20T10:00:00-08:00',
    });
    expect((await run(STEP('loadBulkScanToQa'))).status).toBe('succeeded');
    // A real database error while the step writes: a trigger that refuses every adjusted scan.
    await sql`create function refuse_adjusted_scan() returns trigger language plpgsql as $$
      begin raise exception 'adjusted_scan is read-only for this test'; end $$`.execute(db());
    await sql`create trigger refuse_adjusted_scan before insert on adjusted_scan for each row execute function refuse_adjusted_scan()`.execute(
      db(),
    );
    const failed = await run(STEP('loadBulkScanQaToAdjScan'));
    expect(failed).toMatchObject({
      status: 'failed',
      error: expect.stringContaining('adjusted_scan is read-only for this test'),
    });
    const logs = await get('/ops-api/table/CustomDebugLog?limit=1');
    expect(logs.json().data[0]).toMatchObject({
      target: 'flow_loadBulkScanQaToAdjScan',
      job_id: failed.id,
      error: expect.stringMatching(new RegExp(`^${failed.id} failed: .*adjusted_scan is read-only for this test`)),
    });
    expect(
      await db().selectFrom('adjusted_scan').select('id').where('bulk_scan_id', '=', planted.late).execute(),
    ).toEqual([]);

    await sql`drop trigger refuse_adjusted_scan on adjusted_scan`.execute(db());
    await sql`drop function refuse_adjusted_scan()`.execute(db());
    const again = await run(CHAIN);
    expect(again.status).toBe('succeeded');
    const { rows } = await sql<{
      kg: string;
      money: string;
    }>`select d.weight_kg::text as kg, d.money_saved::text as money
      from donation d join adjusted_scan a on a.id = d.adjusted_scan_id where a.bulk_scan_id = ${planted.late}`.execute(
      db(),
    );
    expect(rows).toEqual([{ kg: '3.500', money: '0.61' }]);
  });
});
