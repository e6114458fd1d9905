import type { AnnotateField } from '@openrescue/shared';
import { sql, type Kysely, type RawBuilder } from 'kysely';
import type { DB } from '../../db/schema.js';

/**
 * The reference the tests hold donation_totals to: a plain GROUP BY over the raw donation table, with the time
 * bounds written straight from the contract's words (independent of time-bounds.ts and the planner).
 */
export interface RawTotalsParams {
  entry_time__gt?: string;
  entry_time__gte?: string;
  entry_time__lte?: string;
  from_company_id?: number[];
  from_store_id?: number[];
  receiver_id?: number[];
  annotate?: AnnotateField[];
  annotate_entry_time?: 'date' | 'date-week' | 'date-month';
}

const COLUMN: Record<AnnotateField, string> = {
  from_department_id: 'department_id',
  destination_id: 'destination_id',
  receiver_id: 'receiver_id',
};
const isDay = (v: string) => /^\d{4}-\d{2}-\d{2}$/.test(v);
const startOf = (day: string, plus = 0) => sql`((${day}::date + ${plus}::int)::timestamp at time zone 'America/Vancouver')`;

export async function rawTotals(db: Kysely<DB>, p: RawTotalsParams): Promise<Record<string, number | string>[]> {
  const where: RawBuilder<unknown>[] = [sql`true`];
  if (p.entry_time__gte) where.push(isDay(p.entry_time__gte) ? sql`entry_time >= ${startOf(p.entry_time__gte)}` : sql`entry_time >= ${p.entry_time__gte}::timestamptz`);
  if (p.entry_time__gt) where.push(isDay(p.entry_time__gt) ? sql`entry_time >= ${startOf(p.entry_time__gt, 1)}` : sql`entry_time > ${p.entry_time__gt}::timestamptz`);
  if (p.entry_time__lte) where.push(isDay(p.entry_time__lte) ? sql`entry_time < ${startOf(p.entry_time__lte, 1)}` : sql`entry_time <= ${p.entry_time__lte}::timestamptz`);
  if (p.from_company_id) where.push(sql`company_id = any(${p.from_company_id}::int[])`);
  if (p.from_store_id) where.push(sql`store_id = any(${p.from_store_id}::int[])`);
  if (p.receiver_id) where.push(sql`receiver_id = any(${p.receiver_id}::int[])`);
  const annotate = [...new Set(p.annotate ?? [])];
  const unit = { date: 'day', 'date-week': 'week', 'date-month': 'month' }[p.annotate_entry_time ?? 'date'];
  const keys: RawBuilder<unknown>[] = [
    ...(p.annotate_entry_time ? [sql`to_char(date_trunc(${unit}, entry_time at time zone 'America/Vancouver'), 'YYYY-MM-DD')`] : []),
    ...annotate.map((a) => sql.ref(COLUMN[a])),
  ];
  const names = [...(p.annotate_entry_time ? ['date'] : []), ...annotate];
  const select = [
    ...keys.map((k, i) => sql`${k} as ${sql.ref(names[i])}`),
    sql`coalesce(sum(weight_kg), 0)::text as weight_kg__sum`,
    sql`coalesce(sum(meals_provided), 0)::text as meals_provided__sum`,
    sql`coalesce(sum(food_rescued_kg), 0)::text as food_rescued_kg__sum`,
    sql`coalesce(sum(co2_emissions_kg), 0)::text as co2_emissions_kg__sum`,
    sql`coalesce(sum(money_saved), 0)::text as money_saved__sum`,
  ];
  const group = keys.length ? sql` group by ${sql.join(keys.map((_, i) => sql.raw(String(i + 1))))} order by ${sql.join(keys.map((_, i) => sql.raw(String(i + 1))))}` : sql``;
  const { rows } = await sql<Record<string, unknown>>`select ${sql.join(select)} from donation where ${sql.join(where, sql` and `)}${group}`.execute(db);
  return rows.map((r) => {
    const out: Record<string, number | string> = {};
    for (const [k, v] of Object.entries(r)) out[k] = k === 'date' ? String(v) : Number(v);
    return out;
  });
}

/** The endpoint's query string for the same parameters. */
export function totalsQueryString(p: RawTotalsParams & { annotate_metrics?: boolean; page_size?: number; page?: number }): string {
  const q = new URLSearchParams();
  for (const [k, v] of Object.entries(p)) {
    if (v === undefined) continue;
    q.set(k, Array.isArray(v) ? v.join(',') : String(v));
  }
  return q.toString();
}
