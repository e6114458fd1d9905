/**
 * A large synthetic retail network for the report-totals benchmark, written with SQL alone (generate_series), since
 * the demo generator is fixed at 6 companies, 40 stores and three years. Deterministic for a given size.
 *   stores: company 1 has `bigCompanyStores` of them, the rest spread over `companies - 1` companies;
 *   receivers: stores / 5 charity hubs, stores / 16 farms, stores / 25 composters; each store has one of each;
 *   donations: ids in time order over `years` years ending at the start of today (America/Vancouver), stores
 *   spread by a multiplicative hash, 60 % charity / 25 % farm / 15 % compost, seven departments, 0.5-40.5 kg.
 * The rollup triggers are deferred for the load and the rollups rebuilt once (refresh_rollups) in the same
 * transaction, the way a bulk load should use them; then VACUUM (ANALYZE) of the tables the reports read.
 */
import { sql } from 'kysely';
import type { Database } from '../apps/server/src/db/connection.js';
import { syncIdentity, withIndexesDeferred } from '../apps/server/src/db/demo/bulk-load.js';

export interface BenchNetworkSize {
  donations: number;
  stores: number;
  bigCompanyStores: number;
  companies: number;
  years: number;
  /** Donation rows per INSERT statement. */
  chunk?: number;
}

export interface BenchNetwork {
  firstDay: string;
  lastDay: string;
  loadSeconds: number;
}

export async function loadBenchNetwork(
  database: Database,
  size: BenchNetworkSize,
  log: (s: string) => void,
): Promise<BenchNetwork> {
  const { donations, stores, bigCompanyStores, companies, years, chunk = 1_000_000 } = size;
  const hubs = Math.max(1, Math.floor(stores / 5));
  const farms = Math.max(1, Math.floor(stores / 16));
  const composters = Math.max(1, Math.floor(stores / 25));
  const started = performance.now();
  const { rows } = await sql<{ first_day: string; last_day: string }>`select
      ((now() at time zone 'America/Vancouver')::date - make_interval(years => ${years}))::date::text as first_day,
      ((now() at time zone 'America/Vancouver')::date - 1)::text as last_day`.execute(database.db);
  const { first_day: firstDay, last_day: lastDay } = rows[0];
  const companyOf = (store: string) =>
    `(case when ${store} <= ${bigCompanyStores} then 1 else 2 + (${store} - ${bigCompanyStores} - 1) % ${Math.max(1, companies - 1)} end)`;

  await database.db.transaction().execute(async (trx) => {
    await sql`set local openrescue.defer_rollups = 'on'`.execute(trx);
    // One statement per call: PGlite's extended protocol takes a single command.
    for (const statement of [
      `insert into company (id, name) select c, 'Bench Company ' || c from generate_series(1, ${companies}) c`,
      `insert into receiver (id, name, receiver_type, diversion_type, address, city, region, nr_supported_charities)
      select r, 'Bench Receiver ' || r,
        case when r <= ${hubs} then 'HUB' else 'FARM' end,
        case when r <= ${hubs} then 'Charity' when r <= ${hubs + farms} then 'Farm' else 'Compost' end,
        r || ' Bench Rd', 'Benchville', 'mv', case when r <= ${hubs} then 1 + r % 9 else 1 end
      from generate_series(1, ${hubs + farms + composters}) r`,
      `insert into store (id, name, company_id, address, city, region, start_date)
      select s, 'Bench Store ' || s, ${companyOf('s')}, s || ' Market St', 'Benchville', 'mv', '${firstDay}'::date
      from generate_series(1, ${stores}) s`,
      `insert into store_receiver (store_id, receiver_id, schedule_code, is_lead_charity, started_on)
      select s, r, 'MTWRF', k = 0, '${firstDay}'::date
      from generate_series(1, ${stores}) s,
        lateral (values (0, 1 + s % ${hubs}), (1, ${hubs} + 1 + s % ${farms}), (2, ${hubs + farms} + 1 + s % ${composters})) v(k, r)`,
    ])
      await sql.raw(statement).execute(trx);
    await withIndexesDeferred(trx, 'donation', async () => {
      for (let from = 1; from <= donations; from += chunk) {
        const to = Math.min(donations, from + chunk - 1);
        await sql
          .raw(
            `
          insert into donation (id, entry_time, destination_id, company_id, store_id, receiver_id, department_id,
            weight_kg, meals_provided, food_rescued_kg, co2_emissions_kg, money_saved, impact_factor_version, created_at)
          select i, t, dest, ${companyOf('s')}, s,
            case dest when 1 then 1 + s % ${hubs} when 2 then ${hubs} + 1 + s % ${farms} else ${hubs + farms} + 1 + s % ${composters} end,
            dept, w, case when dest = 1 then round(w / 0.544, 2) else 0 end, w,
            round(w * case dest when 1 then 3.36 when 2 then 0.46 else 0.474 end, 3), round(w * 0.175, 2), 1, t
          from (
            select i, 1 + (i * 2654435761) % ${stores} as s,
              case when (i * 40503) % 100 < 60 then 1 when (i * 40503) % 100 < 85 then 2 else 3 end as dest,
              1 + (i * 7919) % 7 as dept, round(0.5 + ((i * 31337) % 40000) / 1000.0, 3) as w,
              ('${firstDay}'::timestamp at time zone 'America/Vancouver')
                + ((i - 0.5) / ${donations}::float8) * (('${lastDay}'::date + 1) - '${firstDay}'::date) * interval '1 day' as t
            from generate_series(${from}::bigint, ${to}::bigint) i
          ) g`,
          )
          .execute(trx);
        log(`  donations ${to.toLocaleString('en-US')} / ${donations.toLocaleString('en-US')}`);
      }
    });
    log('  rebuilding the rollups (refresh_rollups)');
    await sql`select refresh_rollups()`.execute(trx);
    for (const table of ['company', 'store', 'receiver', 'donation']) await syncIdentity(trx, table);
  });
  const loadSeconds = (performance.now() - started) / 1000;
  // A bulk load ends with VACUUM (ANALYZE), as a DBA's would: without it PostgreSQL's autovacuum took up the 10M
  // donations within the next minute or two (~90 s of a worker), while the timed runs were going and
  // slowed them. Timed apart from the load.
  const vacuumStarted = performance.now();
  await database.execScript(
    'vacuum (analyze) donation, donation_monthly, donation_daily, donation_weekly, donation_monthly_company',
  );
  log(`  vacuum (analyze) in ${((performance.now() - vacuumStarted) / 1000).toFixed(1)} s`);
  return { firstDay, lastDay, loadSeconds };
}
