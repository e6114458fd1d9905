import { defaultMonth, reportDay, type StipendQuery, type StipendRow } from '@openrescue/shared';
import { type Kysely, sql } from 'kysely';
import type { DB } from '../../db/schema.js';
import { badRequest } from '../../lib/http-error.js';
import { orderBySql } from '../../lib/ordering.js';

export const STIPEND_MAX_MONTHS = 36;

export interface MonthRange {
  from: string;
  to: string;
}

/** The months asked for ('YYYY-MM'): year_month, or the bounds, else the previous calendar month (Vancouver). */
export function stipendMonths(
  q: Pick<StipendQuery, 'year_month' | 'year_month__gte' | 'year_month__lte'>,
  today = new Date(),
): MonthRange {
  if (q.year_month) return { from: q.year_month, to: q.year_month };
  const previous = defaultMonth(reportDay(today)).slice(0, 7);
  const from = q.year_month__gte ?? q.year_month__lte ?? previous;
  const to = q.year_month__lte ?? (q.year_month__gte ? (previous > from ? previous : from) : previous);
  if (from > to) throw badRequest('The request is not valid.', 'year_month__gte is after year_month__lte');
  const span =
    (Number(to.slice(0, 4)) - Number(from.slice(0, 4))) * 12 + Number(to.slice(5)) - Number(from.slice(5)) + 1;
  if (span > STIPEND_MAX_MONTHS)
    throw badRequest('The request is not valid.', `at most ${STIPEND_MAX_MONTHS} months at once`);
  return { from, to };
}

const n = (v: unknown) => Number(v);

/**
 * One row per receiver x store x month of a pickup schedule (store_receiver) in force during the month. Days are
 * America/Vancouver calendar days from generate_series over the month; a day is scheduled when its weekday letter
 * (M T W R F S U, isodow 1..7) is in schedule_code and it lies within started_on..ended_on.
 */
export async function stipendRows(
  db: Kysely<DB>,
  q: StipendQuery,
  months: MonthRange,
  paging: { limit: number; offset: number } | null,
) {
  const filters = [sql`true`];
  if (q.receiver_id) filters.push(sql`sr.receiver_id in (${sql.join(q.receiver_id)})`);
  if (q.store_id) filters.push(sql`sr.store_id in (${sql.join(q.store_id)})`);
  if (q.company_id) filters.push(sql`s.company_id in (${sql.join(q.company_id)})`);
  const from = `${months.from}-01`;
  const to = `${months.to}-01`;
  const tz = 'America/Vancouver';
  // By month, receiver and store unless `ordering` says otherwise (decision 0065); a row is one receiver x store x month.
  const order = orderBySql(
    q.ordering,
    [
      { key: 'year_month', desc: false },
      { key: 'receiver_name', desc: false },
      { key: 'store_name', desc: false },
    ],
    {
      year_month: { sql: sql.ref('p.month') },
      receiver_name: { sql: sql.ref('r.name'), text: true },
      store_name: { sql: sql.ref('s.name'), text: true },
      actual_service_days: { sql: sql.ref('c.actual_service_days') },
      actual_non_service_days: { sql: sql.ref('c.actual_non_service_days') },
    },
    [sql.ref('p.month'), sql.ref('p.receiver_id'), sql.ref('p.store_id')],
  );
  const query = sql<Record<string, unknown>>`
    with months as (
      select m::date as month, (m + interval '1 month')::date as next_month
      from generate_series(${from}::timestamp, ${to}::timestamp, interval '1 month') m
    ), pairs as (
      select sr.store_id, sr.receiver_id, sr.schedule_code, sr.is_lead_charity, sr.started_on, sr.ended_on,
        mo.month, mo.next_month, s.company_id
      from store_receiver sr join store s on s.id = sr.store_id
      join months mo on sr.started_on < mo.next_month and (sr.ended_on is null or sr.ended_on >= mo.month)
      where ${sql.join(filters, sql` and `)}
    ), days as (
      select p.store_id, p.receiver_id, p.month, d::date as day,
        (strpos(p.schedule_code, substr('MTWRFSU', extract(isodow from d)::int, 1)) > 0
          and d::date >= p.started_on and (p.ended_on is null or d::date <= p.ended_on)) as scheduled
      from pairs p cross join lateral generate_series(p.month::timestamp, (p.next_month - 1)::timestamp, interval '1 day') d
    ), pickups as (
      select distinct d.store_id, d.receiver_id, (d.entry_time at time zone ${tz})::date as day
      from donation d join pairs p on p.store_id = d.store_id and p.receiver_id = d.receiver_id
      where d.entry_time >= (p.month::timestamp at time zone ${tz}) and d.entry_time < (p.next_month::timestamp at time zone ${tz})
    ), no_pickups as (
      select b.store_id, b.receiver_id, (b.entry_time at time zone ${tz})::date as day, b.reason_id
      from bulk_scan b join pairs p on p.store_id = b.store_id and p.receiver_id = b.receiver_id
      where b.reason_id is not null
        and b.entry_time >= (p.month::timestamp at time zone ${tz}) and b.entry_time < (p.next_month::timestamp at time zone ${tz})
    ), counted as (
      select dy.store_id, dy.receiver_id, dy.month,
        count(*) filter (where dy.scheduled) as expected_service_days,
        count(*) filter (where pk.day is not null) as actual_service_days,
        count(*) filter (where not dy.scheduled) as expected_non_service_days,
        count(*) filter (where dy.scheduled and pk.day is null) as actual_non_service_days,
        count(*) filter (where dy.scheduled and pk.day is null and nd.day is null) as reason_null
      from days dy left join pickups pk on pk.store_id = dy.store_id and pk.receiver_id = dy.receiver_id and pk.day = dy.day
      left join (select distinct store_id, receiver_id, day from no_pickups) nd
        on nd.store_id = dy.store_id and nd.receiver_id = dy.receiver_id and nd.day = dy.day
      group by 1, 2, 3
    ), reasons as (
      select np.store_id, np.receiver_id, date_trunc('month', np.day)::date as month,
        ${sql.join([1, 2, 3, 4, 5, 6, 7, 8].map((i) => sql`count(*) filter (where np.reason_id = ${sql.lit(i)}) as ${sql.ref(`reason_${i}`)}`))}
      from no_pickups np group by 1, 2, 3
    )
    select p.receiver_id as receiver, r.name as receiver_name, r.receiver_type, r.diversion_type as receiver_diversion_type,
      p.is_lead_charity, p.store_id as store, s.name as store_name, s.store_type, s.start_date::text as store_start_date,
      to_char(p.month, 'YYYY-MM') as year_month, p.schedule_code,
      ${sql.join([1, 2, 3, 4, 5, 6, 7, 8].map((i) => sql`coalesce(rs.${sql.ref(`reason_${i}`)}, 0) as ${sql.ref(`reason_${i}`)}`))},
      c.reason_null, c.expected_service_days, c.actual_service_days, c.expected_non_service_days, c.actual_non_service_days,
      count(*) over () as total_count
    from pairs p join counted c on c.store_id = p.store_id and c.receiver_id = p.receiver_id and c.month = p.month
    join store s on s.id = p.store_id join receiver r on r.id = p.receiver_id
    left join reasons rs on rs.store_id = p.store_id and rs.receiver_id = p.receiver_id and rs.month = p.month
    order by ${order}
    ${paging ? sql`limit ${paging.limit} offset ${paging.offset}` : sql``}`;
  // PostgreSQL assumes 1,000 rows per generate_series, so this query of milliseconds looks costly enough for JIT
  // compilation, which took a second per report: off for this query (PGlite has no JIT and accepts the setting).
  const res = await db.transaction().execute(async (trx) => {
    await sql`set local jit = off`.execute(trx);
    return query.execute(trx);
  });
  const count = res.rows.length ? n(res.rows[0].total_count) : 0;
  const rows: StipendRow[] = res.rows.map((r) => {
    const { total_count: _total, ...row } = r;
    const out = { ...row } as Record<string, unknown>;
    for (const k of [
      'receiver',
      'store',
      'reason_1',
      'reason_2',
      'reason_3',
      'reason_4',
      'reason_5',
      'reason_6',
      'reason_7',
      'reason_8',
      'reason_null',
      'expected_service_days',
      'actual_service_days',
      'expected_non_service_days',
      'actual_non_service_days',
    ]) {
      out[k] = n(out[k]);
    }
    out.item_id = `r${out.receiver}-s${out.store}-${out.year_month}`;
    return out as unknown as StipendRow;
  });
  return { count, rows };
}

/** The no-pickup reasons' texts by id (the stipend spreadsheet names its reason columns with them). */
export async function reasonTexts(db: Kysely<DB>): Promise<Map<number, string>> {
  const rows = await db.selectFrom('reason').select(['id', 'reason']).execute();
  return new Map(rows.map((r) => [Number(r.id), r.reason]));
}

/** GET retail/donations/getAvgWtPerStore: the average donation weight per department of a store in a window. */
export async function averageWeights(db: Kysely<DB>, storeId: number, lo: string | null, hi: string | null) {
  const res = await sql<{ from_department_id: number; avg_wt: string }>`
    select department_id as from_department_id, round(avg(weight_kg), 3) as avg_wt from donation
    where store_id = ${storeId}
      ${lo ? sql`and entry_time >= ${lo}::timestamptz` : sql``}
      ${hi ? sql`and entry_time < ${hi}::timestamptz` : sql``}
    group by 1 order by 1`.execute(db);
  return res.rows.map((r) => ({ from_department_id: n(r.from_department_id), avg_wt: n(r.avg_wt) }));
}
