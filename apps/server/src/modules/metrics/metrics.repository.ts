import type { ImpactFactorList, TableMetric } from '@openrescue/shared';
import { sql, type Kysely } from 'kysely';
import type { DB } from '../../db/schema.js';

/**
 * Row counts and last changes of the main tables, fast at any size (modules/reports/rollups.md):
 * - donation: the exact count is the sum of donation_monthly_company.donation_count (kept exact by triggers, a few
 *   thousand rows); the last change is created_at of the newest id (primary key).
 * - other tables: counted exactly while their heap is under 16 MB (a count(*) there takes milliseconds), else the
 *   planner's estimate pg_class.reltuples (flagged row_count_estimated);
 * - last change: the newest created/updated time, each read through an index (or the newest id by primary key).
 */
const EXACT_BELOW_BYTES = 16 * 1024 * 1024;

const LAST_CHANGE: Record<TableMetric['table'], string> = {
  donation: '(select created_at from donation order by id desc limit 1)',
  store: '(select created_at from store order by id desc limit 1)',
  receiver: '(select created_at from receiver order by id desc limit 1)',
  company: '(select created_at from company order by id desc limit 1)',
  bulk_scan: '(select creation_time from bulk_scan order by id desc limit 1)',
  publish_file: `greatest((select created_at from publish_file order by id desc limit 1),
    (select max(file_change_time) from publish_file where file_change_time is not null))`,
  generated_file: '(select max(creation_time) from generated_file)',
  transcript: '(select max(updated_at) from transcript)',
  network_organization: '(select max(updated_at) from network_organization)',
  jobs: '(select max(updated_at) from jobs)',
};

export function createMetricsRepository(db: Kysely<DB>) {
  return {
    async tableMetrics(): Promise<TableMetric[]> {
      const tables = Object.keys(LAST_CHANGE) as TableMetric['table'][];
      const { rows: sizes } = await sql<{ name: string; bytes: number; estimate: number }>`
        select c.relname as name, pg_relation_size(c.oid) as bytes, c.reltuples as estimate
        from pg_class c where c.relkind = 'r' and c.relnamespace = 'public'::regnamespace
          and c.relname in (${sql.join(tables)})`.execute(db);
      const out: TableMetric[] = [];
      for (const table of tables) {
        const size = sizes.find((s) => s.name === table);
        let rowCount: number;
        let estimated = false;
        if (table === 'donation') {
          const { rows } = await sql<{
            n: number;
          }>`select coalesce(sum(donation_count), 0) as n from donation_monthly_company`.execute(db);
          rowCount = Number(rows[0].n);
        } else if (!size || Number(size.bytes) < EXACT_BELOW_BYTES || Number(size.estimate) < 0) {
          const { rows } = await sql<{ n: number }>`select count(*) as n from ${sql.table(table)}`.execute(db);
          rowCount = Number(rows[0].n);
        } else {
          rowCount = Math.round(Number(size.estimate));
          estimated = true;
        }
        const { rows } = await sql<{ t: Date | string | null }>`select ${sql.raw(LAST_CHANGE[table])} as t`.execute(db);
        const t = rows[0]?.t;
        out.push({
          table,
          row_count: rowCount,
          row_count_estimated: estimated,
          last_change: t ? new Date(t).toISOString() : null,
        });
      }
      return out;
    },

    async impactFactors(): Promise<ImpactFactorList> {
      const { rows } = await sql<{
        id: number;
        version: number;
        effective_from: string;
        destination_id: number;
        destination: string;
        department_id: number | null;
        department: string | null;
        meals_per_kg: number;
        co2e_per_kg: number;
        money_per_kg: number;
        source_note: string;
        current: boolean;
      }>`
        with today as (select (now() at time zone 'America/Vancouver')::date as d)
        select f.id, f.version, f.effective_from::text as effective_from, f.destination_id, ds.name as destination,
          f.department_id, dp.name as department, f.meals_per_kg, f.co2e_per_kg, f.money_per_kg, f.source_note,
          f.version = (select max(g.version) from impact_factor g, today
            where g.destination_id = f.destination_id and g.department_id is not distinct from f.department_id
              and g.effective_from <= today.d) as current
        from impact_factor f
        join destination ds on ds.id = f.destination_id
        left join department dp on dp.id = f.department_id
        order by f.version desc, f.destination_id, f.department_id nulls first`.execute(db);
      const results = rows.map((r) => ({
        ...r,
        id: Number(r.id),
        version: Number(r.version),
        destination_id: Number(r.destination_id),
        department_id: r.department_id === null ? null : Number(r.department_id),
        meals_per_kg: Number(r.meals_per_kg),
        co2e_per_kg: Number(r.co2e_per_kg),
        money_per_kg: Number(r.money_per_kg),
        current: Boolean(r.current),
      }));
      const { rows: v } = await sql<{ v: number | null }>`select max(version) as v from impact_factor
        where effective_from <= (now() at time zone 'America/Vancouver')::date`.execute(db);
      return { current_version: v[0]?.v === null ? null : Number(v[0].v), count: results.length, results };
    },
  };
}
