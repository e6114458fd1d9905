import type { DonationRow, ReportFilter } from '@openrescue/shared';
import { sql, type Kysely, type RawBuilder } from 'kysely';
import type { DB } from '../../db/schema.js';
import type { Interval } from './time-bounds.js';
import { planSegments } from './totals.planner.js';
import { boundSql, matchesNothing, queryTotals } from './totals.repository.js';

export interface DonationListOptions {
  interval: Interval;
  /** Which donations: the request's filter, already narrowed to the caller's (reports.policy.ts). */
  filter: ReportFilter;
  expandStore: boolean;
  expandCompany: boolean;
  limit: number;
  offset: number;
}

/** Raw donation rows, oldest first, through the entry_time / store / receiver / company indexes. */
export async function listDonations(
  db: Kysely<DB>,
  o: DonationListOptions,
): Promise<{ count: number; results: DonationRow[] }> {
  const { interval, filter } = o;
  if (interval.empty || matchesNothing(filter)) return { count: 0, results: [] };
  const where: RawBuilder<unknown>[] = [];
  if (interval.lo) where.push(sql`d.entry_time >= ${boundSql(interval.lo)}`);
  if (interval.hi) where.push(sql`d.entry_time < ${boundSql(interval.hi)}`);
  const inList = (column: string, ids?: number[]) => {
    if (ids?.length) where.push(sql`${sql.ref(column)} in (${sql.join(ids.map((id) => sql`${id}::int`))})`);
  };
  inList('d.company_id', filter.companyIds);
  inList('d.store_id', filter.storeIds);
  inList('d.receiver_id', filter.receiverIds);
  const { rows } = await sql<{
    id: number;
    entry_time: Date | string;
    destination_id: number;
    department_id: number;
    weight_kg: number;
    company_id: number;
    store_id: number;
    receiver_id: number;
    company_name?: string;
    store_name?: string;
  }>`select d.id, d.entry_time, d.destination_id, d.department_id, d.weight_kg, d.company_id, d.store_id, d.receiver_id
      ${o.expandCompany ? sql`, (select c.name from company c where c.id = d.company_id) as company_name` : sql``}
      ${o.expandStore ? sql`, (select s.name from store s where s.id = d.store_id) as store_name` : sql``}
    from donation d
    ${where.length ? sql`where ${sql.join(where, sql` and `)}` : sql``}
    order by d.entry_time, d.id
    limit ${o.limit} offset ${o.offset}`.execute(db);
  // The count comes from the rollups (exact, and no scan of a large scope).
  const segments = planSegments({
    interval,
    period: 'none',
    annotate: [],
    hasStoreFilter: Boolean(filter.storeIds?.length),
    hasReceiverFilter: Boolean(filter.receiverIds?.length),
  });
  const totals = await queryTotals(db, {
    segments,
    period: 'none',
    annotate: [],
    filter,
    metrics: false,
    limit: 1,
    offset: 0,
  });
  const results = rows.map((r) => {
    const row: DonationRow = {
      id: Number(r.id),
      entry_time: new Date(r.entry_time).toISOString(),
      destination: Number(r.destination_id),
      from_department: Number(r.department_id),
      weight_kg: Number(r.weight_kg),
      from_company_id: Number(r.company_id),
      from_store_id: Number(r.store_id),
      receiver_id: Number(r.receiver_id),
    };
    if (o.expandCompany) row.from_company = r.company_name;
    if (o.expandStore) row.from_store = r.store_name;
    return row;
  });
  return { count: totals.rows[0]?.donation_count ?? 0, results };
}
