import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from '../connection.js';
import { migrate } from '../migrate.js';
import { planPickups } from './donations.js';
import { DEMO_REPORT_STORE_ID, linkDemoCompanyUsers, resetDomainData, seedDemoData, isDomainEmpty } from './index.js';
import { buildNetwork } from './network.js';

const DONATIONS = 2000;
const NOW = new Date('2026-11-15T20:00:00Z');
let a: Database;
let b: Database;

async function seeded(): Promise<Database> {
  const database = await openDatabase({ dataDir: null });
  await migrate(database);
  await seedDemoData(database.db, database, { donations: DONATIONS, seed: 42, now: NOW });
  return database;
}

beforeAll(async () => {
  [a, b] = await Promise.all([seeded(), seeded()]);
}, 60_000);
afterAll(async () => {
  await Promise.all([a?.close(), b?.close()]);
});

async function one<T>(database: Database, query: ReturnType<typeof sql<T>>): Promise<T> {
  return (await query.execute(database.db)).rows[0];
}

const CHECKSUMS = {
  donation: sql<{ h: string }>`select md5(string_agg(concat_ws('|', id, extract(epoch from entry_time), destination_id,
    company_id, store_id, receiver_id, department_id, weight_kg, meals_provided, food_rescued_kg, co2_emissions_kg,
    money_saved, impact_factor_version), ',' order by id)) as h from donation`,
  network: sql<{
    h: string;
  }>`select md5((select string_agg(concat_ws('|', id, name, company_id, address, lon, lat, start_date), ',' order by id) from store)
    || (select string_agg(concat_ws('|', id, name, receiver_type, diversion_type, lon, lat), ',' order by id) from receiver)
    || (select string_agg(concat_ws('|', store_id, receiver_id, schedule_code, started_on), ',' order by store_id, receiver_id) from store_receiver)
    || (select string_agg(concat_ws('|', code, secret), ',' order by code) from region)) as h`,
  others: sql<{
    h: string;
  }>`select md5((select string_agg(concat_ws('|', id, store_id, receiver_id, reason_id, weight_kg, entry_time), ',' order by id) from bulk_scan)
    || (select string_agg(concat_ws('|', id, name, sf_id, sf_type, sf_attributes::text, verified, lon, lat), ',' order by id) from network_organization)
    || (select string_agg(concat_ws('|', id, tw_call_sid, created_at, transcript_from_aai::text), ',' order by id) from transcript)
    || (select string_agg(concat_ws('|', id, file_type, entry_date, company_id, store_id, receiver_id, file_status), ',' order by id) from publish_file)) as h`,
};

describe('seedDemoData', () => {
  it('is deterministic: the same seed, size and day give identical data', async () => {
    for (const query of Object.values(CHECKSUMS)) {
      const [x, y] = await Promise.all([one(a, query), one(b, query)]);
      expect(x.h).toMatch(/^[0-9a-f]{32}$/);
      expect(x.h).toBe(y.h);
    }
  });

  it('changes with the seed', () => {
    const day = Math.floor(NOW.getTime() / 86_400_000) - 1;
    const p1 = planPickups(buildNetwork(1, day - 1096), DONATIONS, 1, day);
    const p2 = planPickups(buildNetwork(2, day - 1096), DONATIONS, 2, day);
    expect(Array.from(p1.second.slice(0, 50))).not.toEqual(Array.from(p2.second.slice(0, 50)));
  });

  it("gives the demo store account's store a pickup in every recent week, whatever the day and however small the demo", () => {
    const first = Math.floor(NOW.getTime() / 86_400_000) - 1;
    for (let today = first; today < first + 90; today++) {
      const network = buildNetwork(42, today - 1096);
      const plan = planPickups(network, DONATIONS, 42, today);
      const days = Array.from(plan.day).filter((_, i) => network.links[plan.link[i]].storeId === DEMO_REPORT_STORE_ID);
      expect(today - 1 - Math.max(...days), `days since the store's last pickup on day ${today}`).toBeLessThan(7);
    }
  });

  it('creates exactly the requested donations, in time order, over the three years before now', async () => {
    const r = await one(
      a,
      sql<{ n: number; ordered: boolean; first: Date; last: Date }>`
      select count(*)::int as n, bool_and(ordered) as ordered, min(entry_time) as first, max(entry_time) as last
      from (select entry_time, entry_time >= lag(entry_time, 1, entry_time) over (order by id) - interval '1 hour' as ordered
            from donation) d`,
    );
    expect(r.n).toBe(DONATIONS);
    expect(r.ordered).toBe(true);
    expect(new Date(r.first).getTime()).toBeGreaterThanOrEqual(NOW.getTime() - (3 * 365 + 2) * 86_400_000);
    expect(new Date(r.last).getTime()).toBeLessThan(NOW.getTime());
  });

  it('builds the network around company 1, the biggest, with store 1 its own', async () => {
    const r = await one(
      a,
      sql<{ companies: number; stores: number; receivers: number; biggest: number; store1: number }>`
      select (select count(*)::int from company) as companies, (select count(*)::int from store) as stores,
        (select count(*)::int from receiver) as receivers,
        (select company_id from store group by 1 order by count(*) desc limit 1) as biggest,
        (select company_id from store where id = 1) as store1`,
    );
    expect(r).toEqual({ companies: 6, stores: 40, receivers: 25, biggest: 1, store1: 1 });
    const kinds = await sql<{
      k: string;
    }>`select distinct receiver_type || '/' || diversion_type as k from receiver order by 1`.execute(a.db);
    expect(kinds.rows.map((x) => x.k)).toEqual(['FARM/Compost', 'FARM/Farm', 'HUB/Charity']);
  });

  it('records donations only along pickup schedules, to the destination of the receiver', async () => {
    const r = await one(
      a,
      sql<{ bad: number; charity: number }>`
      select count(*) filter (where l.store_id is null or d.entry_time < l.started_on::timestamp - interval '1 day'
          or d.destination_id <> case r.diversion_type when 'Charity' then 1 when 'Farm' then 2 else 3 end
          or d.company_id <> s.company_id)::int as bad,
        count(*) filter (where d.destination_id = 1)::int as charity
      from donation d join store s on s.id = d.store_id join receiver r on r.id = d.receiver_id
      left join store_receiver l on l.store_id = d.store_id and l.receiver_id = d.receiver_id`,
    );
    expect(r.bad).toBe(0);
    expect(r.charity / DONATIONS).toBeGreaterThan(0.6);
  });

  it('computes every impact metric from the impact_factor table, to the gram and the cent', async () => {
    const r = await one(
      a,
      sql<{ checked: number; wrong: number }>`
      select count(*)::int as checked, count(*) filter (where
          d.meals_provided <> round(d.weight_kg * f.meals_per_kg, 2)
          or d.co2_emissions_kg <> round(d.weight_kg * f.co2e_per_kg, 3)
          or d.money_saved <> round(d.weight_kg * f.money_per_kg, 2)
          or d.food_rescued_kg <> d.weight_kg
          or (d.destination_id <> 1 and d.meals_provided <> 0))::int as wrong
      from donation d join impact_factor f on f.version = d.impact_factor_version
        and f.destination_id = d.destination_id and f.department_id is null`,
    );
    expect(r).toEqual({ checked: DONATIONS, wrong: 0 });
  });

  it('fills the monthly rollup with exactly the sums of the raw rows', async () => {
    const r = await one(
      a,
      sql<{ diff: number; rows: number }>`
      with raw as (
        select date_trunc('month', entry_time at time zone 'America/Vancouver')::date as month, company_id, store_id,
          receiver_id, department_id, destination_id, sum(weight_kg) as w, sum(meals_provided) as m,
          sum(food_rescued_kg) as f, sum(co2_emissions_kg) as c, sum(money_saved) as s, count(*)::int as n
        from donation group by 1, 2, 3, 4, 5, 6),
      rollup as (
        select month, company_id, store_id, receiver_id, department_id, destination_id, weight_kg, meals_provided,
          food_rescued_kg, co2_emissions_kg, money_saved, donation_count from donation_monthly)
      select (select count(*)::int from ((select * from raw except select * from rollup)
        union all (select * from rollup except select * from raw)) x) as diff,
        (select count(*)::int from donation_monthly) as rows`,
    );
    expect(r.diff).toBe(0);
    expect(r.rows).toBeGreaterThan(100);
  });

  it('places stores, receivers and network organizations in every region, each region with a secret', async () => {
    const { rows } = await sql<{ code: string; stores: number; receivers: number; orgs: number; secret: string }>`
      select g.code, (select count(*)::int from store s where s.region = g.code) as stores,
        (select count(*)::int from receiver r where r.region = g.code) as receivers,
        (select count(*)::int from network_organization o where g.code = any(o.areas)) as orgs, g.secret
      from region g order by g.sort_order`.execute(a.db);
    expect(rows.map((x) => x.code)).toEqual(['rdno', 'fvrd', 'cov', 'mv', 'all']);
    for (const row of rows.filter((x) => x.code !== 'all')) {
      expect(row.stores * row.receivers * row.orgs, row.code).toBeGreaterThan(0);
    }
    // the demo opens every public network page with /public/network/{region}/demo (issue 6)
    for (const row of rows) expect(row.secret).toBe('demo');
  });

  it('computes network areas from the region outlines: each organization lies in its own region, Vancouver in Metro', async () => {
    const { rows } = await sql<{ region: string; areas: string[] }>`
      select coalesce(s.region, r.region) as region, o.areas from network_organization o
      left join store s on s.id = o.store_id left join receiver r on r.id = o.receiver_id
      where o.store_id is not null or o.receiver_id is not null`.execute(a.db);
    expect(rows.length).toBe(65);
    for (const row of rows) expect(row.areas, row.region).toEqual(row.region === 'cov' ? ['cov', 'mv'] : [row.region]);
    const cells = await sql<{ area: string; n: number }>`select a as area, count(distinct o.sf_type)::int as n
      from network_organization o, unnest(o.areas) a where o.verified > 0 group by 1 order by 1`.execute(a.db);
    // every one of the 17 account types has a participant on every region's map
    expect(cells.rows).toEqual(['cov', 'fvrd', 'mv', 'rdno'].map((area) => ({ area, n: 17 })));
  });

  it('covers every network category and verified 0, 1 and 2, each following the rule of section 4', async () => {
    const { rows } = await sql<{ verified: number; n: number; wrong: number }>`
      select verified, count(*)::int as n, count(*) filter (where verified <> case
          when sf_account_stage in ('Active', 'Back-up') and (sf_attributes ? 'Marketplace' or sf_attributes ? 'Retail Program') then 1
          when sf_attributes ? 'Non OpenRescue Network' then 2 else 0 end)::int as wrong
      from network_organization group by 1 order by 1`.execute(a.db);
    expect(rows.map((x) => x.verified)).toEqual([0, 1, 2]);
    expect(rows.every((x) => x.wrong === 0 && x.n > 0)).toBe(true);
    const types = await sql<{ t: string }>`select distinct sf_type as t from network_organization`.execute(a.db);
    expect(types.rows.map((x) => x.t).sort()).toEqual([
      'Caterer',
      'Charity',
      'Composter',
      'Distributor',
      'Farmer (Livestock)',
      'Food Service',
      'Grower',
      'Industrial reworker',
      'Liquidator',
      'Manufacturer',
      'Nonprofit',
      'Organic waste hauler',
      'Processor',
      'Restaurant/Hotel',
      'Retail/Grocer',
      'Upcycler',
      'Wholesaler',
    ]);
  });

  it('adds no-pickup records with reasons, publish files per month and the other operations rows', async () => {
    const r = await one(
      a,
      sql<Record<string, number>>`select
      (select count(distinct reason_id)::int from bulk_scan where reason_id is not null) as reasons,
      (select count(*)::int from bulk_scan where reason_id is null and weight_kg is not null) as weights,
      (select count(distinct entry_date)::int from publish_file) as months,
      (select count(*)::int from publish_file where file_type = 'COMPANY_REPORT') as company_reports,
      (select count(*)::int from generated_file where split_part(file_status, ':', 3) = 'SUCCESS') as documents,
      (select count(*)::int from receiver_contact) as contacts, (select count(*)::int from custom_debug_log) as logs,
      (select count(*)::int from jobs) as jobs`,
    );
    expect(r.reasons).toBe(8);
    expect(r.weights).toBeGreaterThan(10);
    expect(r).toMatchObject({ months: 12, company_reports: 72 });
    expect(r.documents * r.contacts * r.logs * r.jobs).toBeGreaterThan(0);
  });

  it('stores call transcripts in the speech-analysis provider shape, sentiment consistent', async () => {
    const { rows } = await sql<{ t: Record<string, any>; score: number; data: Record<string, any> }>`
      select transcript_from_aai as t, sentiment_score as score, sentiment_data as data from transcript`.execute(a.db);
    expect(rows.length).toBeGreaterThanOrEqual(20);
    for (const { t, score, data } of rows) {
      expect(t.status).toBe('completed');
      expect(t.utterances.length).toBeGreaterThan(3);
      expect(new Set(t.utterances.map((u: { speaker: string }) => u.speaker))).toEqual(new Set(['A', 'B']));
      expect(t.chapters[0]).toHaveProperty('gist');
      expect(t.sentiment_analysis_results[0]).toHaveProperty('sentiment');
      expect(t.auto_highlights_result.results.length).toBeGreaterThan(0);
      expect(Object.keys(t.iab_categories_result.summary).length).toBeGreaterThan(0);
      expect(score).toBe({ POSITIVE: 1, NEUTRAL: 0, NEGATIVE: -1 }[data.overall as string]);
    }
    expect(new Set(rows.map((x) => x.score))).toEqual(new Set([-1, 0, 1]));
  });

  it('links the demo company and store users idempotently', async () => {
    const users = await a.db
      .insertInto('user')
      .values([
        { name: 'Casey', email: 'company@openrescue.test', emailVerified: true, image: null },
        { name: 'Sasha', email: 'store@openrescue.test', emailVerified: true, image: null },
      ])
      .returning('id')
      .execute();
    const ids = { companyUserId: users[0].id, storeUserId: users[1].id };
    await linkDemoCompanyUsers(a.db, ids);
    await linkDemoCompanyUsers(a.db, ids);
    const rows = await a.db
      .selectFrom('company_user')
      .select(['user_id', 'company_id', 'store_id', 'report_store_id', 'company_user_role'])
      .orderBy('company_user_role')
      .execute();
    expect(rows).toEqual([
      { user_id: ids.companyUserId, company_id: 1, store_id: null, report_store_id: -1, company_user_role: 1 },
      { user_id: ids.storeUserId, company_id: 1, store_id: 1, report_store_id: 1, company_user_role: 2 },
    ]);
  });

  it('refuses to seed twice, and seeds again after a reset', async () => {
    await expect(seedDemoData(b.db, b, { donations: 10, now: NOW })).rejects.toThrow(/reset/);
    await resetDomainData(b.db);
    expect(await isDomainEmpty(b.db)).toBe(true);
    const summary = await seedDemoData(b.db, b, { donations: 10, now: NOW });
    expect(summary.counts.donations).toBe(10);
    const r = await one(
      b,
      sql<{ n: number; next: number }>`select count(*)::int as n,
      (select nextval(pg_get_serial_sequence('donation', 'id')))::int as next from donation`,
    );
    expect(r).toEqual({ n: 10, next: 11 });
  });
});
