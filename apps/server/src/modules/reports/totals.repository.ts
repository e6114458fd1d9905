import type { AnnotateField, ReportFilter } from '@openrescue/shared';
import { sql, type Kysely, type RawBuilder } from 'kysely';
import type { DB } from '../../db/schema.js';
import { microsToIso, type Bound } from './time-bounds.js';
import type { Period, Segment } from './totals.planner.js';

/** A filter with an empty list matches no donation (no query needed). */
export function matchesNothing(filter: ReportFilter): boolean {
  return [filter.companyIds, filter.storeIds, filter.receiverIds].some((ids) => ids?.length === 0);
}

/** The newest impact factor version in force today (America/Vancouver), if any. */
export async function impactFactorVersionToday(db: Kysely<DB>): Promise<number | undefined> {
  const { rows } = await sql<{ v: number | null }>`select max(version) as v from impact_factor
    where effective_from <= (now() at time zone 'America/Vancouver')::date`.execute(db);
  return rows[0]?.v === null || rows[0]?.v === undefined ? undefined : Number(rows[0].v);
}

/** Sums over the planned segments by period and annotations: one statement (one more counts a full page). */
export interface TotalsQuery {
  segments: Segment[];
  period: Period;
  annotate: AnnotateField[];
  /** Which donations: the request's filter, already narrowed to the caller's (reports.policy.ts). */
  filter: ReportFilter;
  metrics: boolean;
  limit: number;
  offset: number;
}

export interface TotalsRow {
  date?: string;
  from_department_id?: number;
  destination_id?: number;
  receiver_id?: number;
  from_store_id?: number;
  weight_kg__sum: number;
  meals_provided__sum?: number;
  food_rescued_kg__sum?: number;
  co2_emissions_kg__sum?: number;
  money_saved__sum?: number;
  donation_count: number;
}

const TZ = sql.lit('America/Vancouver');
const COLUMN_OF: Record<AnnotateField, string> = {
  from_department_id: 'department_id',
  destination_id: 'destination_id',
  receiver_id: 'receiver_id',
  from_store_id: 'store_id',
};
const METRICS = ['meals_provided', 'food_rescued_kg', 'co2_emissions_kg', 'money_saved'] as const;
// The column names once: a name built per row and metric (`${m}__sum`) was a new string to look up each time, and
// made toRow a fifth of the time a company's 3,300 weekly rows took in Node (bench/report-totals-bench.ts).
const METRIC_SUMS = METRICS.map((m) => `${m}__sum` as const);

export function boundSql(b: Bound): RawBuilder<unknown> {
  return b.kind === 'day'
    ? sql`(${b.date}::date::timestamp at time zone ${TZ})`
    : sql`${microsToIso(b.micros)}::timestamptz`;
}

function periodSql(seg: Segment, period: Period): RawBuilder<unknown> | null {
  if (period === 'none') return null;
  if (seg.source === 'donation') {
    const local = sql`(entry_time at time zone ${TZ})`;
    if (period === 'day') return sql`${local}::date`;
    return sql`date_trunc(${sql.lit(period)}, ${local})::date`;
  }
  if (seg.grain === 'month') return sql.ref('month'); // only planned for 'none' and 'month'
  if (seg.grain === 'week') return sql.ref('week'); // only planned for 'week'
  if (period === 'day') return sql.ref('day');
  return sql`date_trunc(${sql.lit(period)}, day::timestamp)::date`;
}

function timeConditions(seg: Segment): RawBuilder<unknown>[] {
  const out: RawBuilder<unknown>[] = [];
  if (seg.grain === 'instant' || seg.source === 'donation') {
    const from =
      seg.grain === 'instant' ? seg.from : seg.from === null ? null : ({ kind: 'day', date: seg.from } as const);
    const to = seg.grain === 'instant' ? seg.to : seg.to === null ? null : ({ kind: 'day', date: seg.to } as const);
    if (from) out.push(sql`entry_time >= ${boundSql(from)}`);
    if (to) out.push(sql`entry_time < ${boundSql(to)}`);
    return out;
  }
  const column = sql.ref(seg.grain);
  if (seg.from !== null) out.push(sql`${column} >= ${seg.from}::date`);
  if (seg.to !== null) out.push(sql`${column} < ${seg.to}::date`);
  return out;
}

function inList(column: string, ids: number[] | undefined): RawBuilder<unknown> | null {
  if (!ids?.length) return null;
  return sql`${sql.ref(column)} in (${sql.join([...new Set(ids)].map((id) => sql`${id}::int`))})`;
}

/** The rows of one segment at their own grain (no aggregation here: the outer query aggregates once). */
function segmentSql(seg: Segment, q: TotalsQuery): RawBuilder<unknown> {
  const period = periodSql(seg, q.period);
  const columns = [
    ...(period ? [sql`${period} as period`] : []),
    ...q.annotate.map((a) => sql.ref(COLUMN_OF[a])),
    sql.ref('weight_kg'),
    ...(q.metrics ? METRICS.map((m) => sql.ref(m)) : []),
    seg.source === 'donation' ? sql`1 as n` : sql`donation_count as n`,
  ];
  const where = [
    ...timeConditions(seg),
    inList('company_id', q.filter.companyIds),
    inList('store_id', q.filter.storeIds),
    inList('receiver_id', q.filter.receiverIds),
  ].filter((c): c is RawBuilder<unknown> => c !== null);
  return sql`select ${sql.join(columns)} from ${sql.table(seg.source)}${where.length ? sql` where ${sql.join(where, sql` and `)}` : sql``}`;
}

/**
 * A week or month segment whose rollup rows are already the groups asked for: one company's rows of
 * donation_weekly or donation_monthly_company are unique by period, department and destination (the table's key),
 * and the planner gives the segment's periods to it alone (the days at either end fall in other periods). Summing
 * them again only cost: PostgreSQL's hash aggregate over a company's 3,300 weeks x departments x destinations, five
 * numeric sums each, took 12-20 ms of the query's 26-34 ms (bench/report-totals-bench.ts).
 */
function alreadyGrouped(seg: Segment, q: TotalsQuery): boolean {
  const ownPeriod =
    (seg.source === 'donation_weekly' && seg.grain === 'week' && q.period === 'week') ||
    (seg.source === 'donation_monthly_company' && seg.grain === 'month' && q.period === 'month');
  return (
    ownPeriod &&
    new Set(q.filter.companyIds ?? []).size === 1 &&
    !q.filter.storeIds?.length &&
    !q.filter.receiverIds?.length &&
    q.annotate.includes('from_department_id') &&
    q.annotate.includes('destination_id')
  );
}

/** An already grouped segment's rows as groups: the sums are its columns (a row that has dropped to 0 donations is
 * no group, as `having sum(n) > 0` says for the others). */
function groupedSegmentSql(seg: Segment, q: TotalsQuery): RawBuilder<unknown> {
  const columns = [
    sql`${periodSql(seg, q.period)} as period`,
    ...q.annotate.map((a) => sql.ref(COLUMN_OF[a])),
    sql`weight_kg as weight_kg__sum`,
    ...(q.metrics ? METRICS.map((m, i) => sql`${sql.ref(m)} as ${sql.ref(METRIC_SUMS[i])}`) : []),
    sql`donation_count`,
  ];
  const where = [...timeConditions(seg), inList('company_id', q.filter.companyIds), sql`donation_count > 0`].filter(
    (c): c is RawBuilder<unknown> => c !== null,
  );
  return sql`select ${sql.join(columns)} from ${sql.table(seg.source)} where ${sql.join(where, sql` and `)}`;
}

/**
 * Rows of one page and the number of groups in all pages. The count is known from the page itself unless the page
 * is full or not the first; only then does a second statement count the groups.
 */
export async function queryTotals(db: Kysely<DB>, q: TotalsQuery): Promise<{ rows: TotalsRow[]; count: number }> {
  const grouped = q.period !== 'none' || q.annotate.length > 0;
  if (q.segments.length === 0)
    return grouped ? { rows: [], count: 0 } : { rows: q.offset === 0 ? [zeroRow(q)] : [], count: 1 };
  const union = sql.join(
    q.segments.map((s) => segmentSql(s, q)),
    sql` union all `,
  );
  if (!grouped) {
    const sums = [
      sql`coalesce(sum(weight_kg), 0) as weight_kg__sum`,
      ...metricSums(q),
      sql`coalesce(sum(n), 0) as donation_count`,
    ];
    const { rows } = await sql<Record<string, unknown>>`select ${sql.join(sums)} from (${union}) s`.execute(db);
    return { rows: q.offset === 0 ? rows.map((r) => toRow(r, q)) : [], count: 1 };
  }
  const keys = [...(q.period !== 'none' ? [sql.ref('period')] : []), ...q.annotate.map((a) => sql.ref(COLUMN_OF[a]))];
  const named = [
    // The period as the date it is: `to_char` per row was ~45% of PostgreSQL's time for a company's 3,300 weekly rows
    // (bench/report-totals-bench.ts); dates come out as 'YYYY-MM-DD' (DateStyle ISO, connection.ts).
    ...(q.period !== 'none' ? [sql`period as date`] : []),
    ...q.annotate.map((a) => sql`${sql.ref(COLUMN_OF[a])} as ${sql.ref(a)}`),
  ];
  const sums = [sql`sum(weight_kg) as weight_kg__sum`, ...metricSums(q), sql`sum(n) as donation_count`];
  const ready = q.segments.filter((s) => alreadyGrouped(s, q));
  let groups: RawBuilder<unknown>;
  let outputs: RawBuilder<unknown>[];
  if (ready.length === 0) {
    outputs = [...named, ...sums];
    groups = sql`from (${union}) s group by ${sql.join(keys)} having sum(n) > 0`;
  } else {
    const rest = q.segments.filter((s) => !ready.includes(s));
    const parts = [
      ...ready.map((s) => groupedSegmentSql(s, q)),
      ...(rest.length
        ? [
            sql`select ${sql.join([...keys, ...sums])} from (${sql.join(
              rest.map((s) => segmentSql(s, q)),
              sql` union all `,
            )}) s
        group by ${sql.join(keys)} having sum(n) > 0`,
          ]
        : []),
    ];
    outputs = [
      ...named,
      sql.ref('weight_kg__sum'),
      ...(q.metrics ? METRIC_SUMS.map((m) => sql.ref(m)) : []),
      sql.ref('donation_count'),
    ];
    groups = sql`from (${sql.join(parts, sql` union all `)}) g`;
  }
  const { rows } = await sql<Record<string, unknown>>`select ${sql.join(outputs)} ${groups}
    order by ${sql.join(keys)} limit ${q.limit} offset ${q.offset}`.execute(db);
  let count = q.offset + rows.length;
  if (rows.length === q.limit || (rows.length === 0 && q.offset > 0)) {
    const counted = await sql<{ n: number }>`select count(*) as n from (select 1 ${groups}) c`.execute(db);
    count = Number(counted.rows[0].n);
  }
  return { rows: rows.map((r) => toRow(r, q)), count };
}

function metricSums(q: TotalsQuery): RawBuilder<unknown>[] {
  return q.metrics ? METRICS.map((m, i) => sql`coalesce(sum(${sql.ref(m)}), 0) as ${sql.ref(METRIC_SUMS[i])}`) : [];
}

function zeroRow(q: TotalsQuery): TotalsRow {
  return toRow(
    { weight_kg__sum: 0, donation_count: 0, ...(q.metrics ? Object.fromEntries(METRIC_SUMS.map((m) => [m, 0])) : {}) },
    q,
  );
}

function toRow(r: Record<string, unknown>, q: TotalsQuery): TotalsRow {
  const row: TotalsRow = { weight_kg__sum: Number(r.weight_kg__sum), donation_count: Number(r.donation_count) };
  if (q.period !== 'none') row.date = String(r.date);
  for (const a of q.annotate) row[a] = Number(r[a]);
  if (q.metrics) for (const key of METRIC_SUMS) row[key] = Number(r[key]);
  return row;
}
