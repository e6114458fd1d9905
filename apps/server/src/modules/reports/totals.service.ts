import { TOTALS_PAGE_MAX, type DonationTotals, type DonationTotalsQuery, type ReportRow } from '@openrescue/shared';
import type { FastifyRequest } from 'fastify';
import { sql } from 'kysely';
import type { AppContext } from '../../context.js';
import { nextPageUrl } from './paging.js';
import { assertFiltersVisible, resolveViewer, scopeFilters, type ResolvedViewer } from './reports.policy.js';
import { intervalOf } from './time-bounds.js';
import { periodOf, planSegments } from './totals.planner.js';
import { queryTotals, type TotalsRow } from './totals.repository.js';

export interface Filters {
  companyIds?: number[];
  storeIds?: number[];
  receiverIds?: number[];
}

/** The request's filters limited to the caller's scope (the request's ids were already checked as visible). */
export function effectiveFilters(rv: ResolvedViewer, requested: Filters): Filters {
  const scope = scopeFilters(rv.scope);
  const both = (a?: number[], b?: number[]) => (a && b ? a.filter((id) => b.includes(id)) : (a ?? b));
  return {
    companyIds: both(requested.companyIds, scope.companyIds),
    storeIds: both(requested.storeIds, scope.storeIds),
    receiverIds: both(requested.receiverIds, scope.receiverIds),
  };
}

// A new factor version is rare (staff publish one) and only relabels reports, so every dashboard request need not
// ask the database: each process re-reads it at most every 10 s.
const FACTOR_VERSION_TTL_MS = 10_000;
const factorVersionMemo = new WeakMap<AppContext, { at: number; value: Promise<number | undefined> }>();

/** The newest impact factor version in force today (reports name the version their figures use). */
export function currentImpactFactorVersion(ctx: AppContext): Promise<number | undefined> {
  const memo = factorVersionMemo.get(ctx);
  if (memo && Date.now() - memo.at < FACTOR_VERSION_TTL_MS) return memo.value;
  const value = readImpactFactorVersion(ctx);
  factorVersionMemo.set(ctx, { at: Date.now(), value });
  value.catch(() => factorVersionMemo.delete(ctx));
  return value;
}

async function readImpactFactorVersion(ctx: AppContext): Promise<number | undefined> {
  const { rows } = await sql<{ v: number | null }>`select max(version) as v from impact_factor
    where effective_from <= (now() at time zone 'America/Vancouver')::date`.execute(ctx.database.db);
  return rows[0]?.v === null || rows[0]?.v === undefined ? undefined : Number(rows[0].v);
}

/** GET retail/reports/donation_totals for an already resolved viewer (documents reuse it). */
export async function donationTotalsFor(
  ctx: AppContext,
  rv: ResolvedViewer,
  query: DonationTotalsQuery,
  requestUrl: string,
): Promise<DonationTotals & { rows: TotalsRow[] }> {
  const interval = intervalOf(query);
  const requested: Filters = { companyIds: query.from_company_id, storeIds: query.from_store_id, receiverIds: query.receiver_id };
  await assertFiltersVisible(ctx, rv, requested);
  const filters = effectiveFilters(rv, requested);
  const annotate = [...new Set(query.annotate ?? [])];
  const period = periodOf(query.annotate_entry_time);
  const nothing = [filters.companyIds, filters.storeIds, filters.receiverIds].some((ids) => ids?.length === 0);
  const segments = nothing
    ? []
    : planSegments({
        interval, period, annotate,
        hasStoreFilter: Boolean(filters.storeIds?.length),
        hasReceiverFilter: Boolean(filters.receiverIds?.length),
      });
  const metrics = query.annotate_metrics === true;
  const offset = (query.page - 1) * query.page_size;
  // independent reads: on PostgreSQL they run on two connections, on PGlite they queue back to back in the worker
  const [{ rows, count }, version] = await Promise.all([
    queryTotals(ctx.database.db, { segments, period, annotate, ...filters, metrics, limit: query.page_size, offset }),
    currentImpactFactorVersion(ctx),
  ]);
  const results: ReportRow[] = rows.map((r) => {
    const { donation_count: _count, ...row } = r;
    if (!rv.moneySaved) delete row.money_saved__sum;
    return row;
  });
  return {
    count,
    next: nextPageUrl(requestUrl, query.page, query.page_size, count),
    results,
    ...(version === undefined ? {} : { impact_factor_version: version }),
    rows,
  };
}

/** The route: a page holds at most TOTALS_PAGE_MAX rows whatever page_size asks (decision 0041); `next` pages on. */
export async function donationTotals(ctx: AppContext, request: FastifyRequest, query: DonationTotalsQuery): Promise<DonationTotals> {
  const rv = await resolveViewer(ctx, request);
  const paged = { ...query, page_size: Math.min(query.page_size, TOTALS_PAGE_MAX) };
  const { rows: _rows, ...answer } = await donationTotalsFor(ctx, rv, paged, request.url);
  return answer;
}
