import { TOTALS_PAGE_MAX, type DonationTotals, type DonationTotalsQuery, type ReportRow } from '@openrescue/shared';
import type { AppContext } from '../../context.js';
import { nextPageUrl } from './paging.js';
import { assertFiltersVisible, viewerFilter, type ResolvedViewer } from './reports.policy.js';
import { intervalOf } from './time-bounds.js';
import { periodOf, planSegments } from './totals.planner.js';
import { impactFactorVersionToday, matchesNothing, queryTotals, type TotalsRow } from './totals.repository.js';

// A new factor version is rare (staff publish one) and only relabels reports, so every dashboard request need not
// ask the database: each process re-reads it at most every 10 s.
const FACTOR_VERSION_TTL_MS = 10_000;
const factorVersionMemo = new WeakMap<AppContext, { at: number; value: Promise<number | undefined> }>();

/** The newest impact factor version in force today (reports name the version their figures use). */
export function currentImpactFactorVersion(ctx: AppContext): Promise<number | undefined> {
  const memo = factorVersionMemo.get(ctx);
  if (memo && Date.now() - memo.at < FACTOR_VERSION_TTL_MS) return memo.value;
  const value = impactFactorVersionToday(ctx.database.db);
  factorVersionMemo.set(ctx, { at: Date.now(), value });
  value.catch(() => factorVersionMemo.delete(ctx));
  return value;
}

/** GET retail/reports/donation_totals for an already resolved viewer. */
export async function donationTotalsFor(
  ctx: AppContext,
  rv: ResolvedViewer,
  query: DonationTotalsQuery,
  requestUrl: string,
): Promise<DonationTotals & { rows: TotalsRow[] }> {
  const interval = intervalOf(query);
  await assertFiltersVisible(ctx, rv, query.filter);
  const filter = viewerFilter(rv, query.filter);
  const annotate = [...new Set(query.annotate ?? [])];
  const period = periodOf(query.annotate_entry_time);
  const segments = matchesNothing(filter)
    ? []
    : planSegments({
        interval,
        period,
        annotate,
        hasStoreFilter: Boolean(filter.storeIds?.length),
        hasReceiverFilter: Boolean(filter.receiverIds?.length),
      });
  const metrics = query.annotate_metrics === true;
  const offset = (query.page - 1) * query.page_size;
  // independent reads: on PostgreSQL they run on two connections, on PGlite they queue back to back in the worker
  const [{ rows, count }, version] = await Promise.all([
    queryTotals(ctx.database.db, { segments, period, annotate, filter, metrics, limit: query.page_size, offset }),
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
export async function donationTotals(
  ctx: AppContext,
  rv: ResolvedViewer,
  query: DonationTotalsQuery,
  requestUrl: string,
): Promise<DonationTotals> {
  const paged = { ...query, page_size: Math.min(query.page_size, TOTALS_PAGE_MAX) };
  const { rows: _rows, ...answer } = await donationTotalsFor(ctx, rv, paged, requestUrl);
  return answer;
}
