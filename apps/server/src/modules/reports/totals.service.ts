import {
  comparisonBounds,
  TOTALS_PAGE_MAX,
  type ComparisonPeriod,
  type DonationTotals,
  type DonationTotalsQuery,
  type ReportRow,
} from '@openrescue/shared';
import type { AppContext } from '../../context.js';
import { nextPageUrl } from './paging.js';
import { assertFiltersVisible, viewerFilter, type ResolvedViewer } from './reports.policy.js';
import { addDays, assertRangeLength, comparedRange, intervalOf, type Interval } from './time-bounds.js';
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
  assertRangeLength(query, interval);
  const compared = query.compare ? comparedRange(query) : undefined;
  await assertFiltersVisible(ctx, rv, query.filter);
  const filter = viewerFilter(rv, query.filter);
  const annotate = [...new Set(query.annotate ?? [])];
  const period = periodOf(query.annotate_entry_time);
  const metrics = query.annotate_metrics === true;
  const offset = (query.page - 1) * query.page_size;
  const read = (within: Interval) =>
    queryTotals(ctx.database.db, {
      segments: matchesNothing(filter)
        ? []
        : planSegments({
            interval: within,
            period,
            annotate,
            hasStoreFilter: Boolean(filter.storeIds?.length),
            hasReceiverFilter: Boolean(filter.receiverIds?.length),
          }),
      period,
      annotate,
      filter,
      metrics,
      limit: query.page_size,
      offset,
    });
  const shown = (rows: TotalsRow[]): ReportRow[] =>
    rows.map((r) => {
      const { donation_count: _count, ...row } = r;
      if (!rv.moneySaved) delete row.money_saved__sum;
      return row;
    });
  // The comparison periods (decision 0072): the same plan over their own dates, so the same rollups answer them, in
  // this one request; the page asked for is the same page of each.
  const periods = compared ? comparisonBounds(compared.from, compared.to) : undefined;
  const comparedPeriod = async ({ from, to }: { from: string; to: string }): Promise<ComparisonPeriod> => {
    const { rows, count } = await read({
      lo: { kind: 'day', date: from },
      hi: { kind: 'day', date: addDays(to, 1) },
      empty: false,
    });
    return { entry_time__gte: from, entry_time__lte: to, count, results: shown(rows) };
  };
  // independent reads: on PostgreSQL they run on several connections, on PGlite they queue back to back in the worker
  const [{ rows, count }, version, previous, yearAgo] = await Promise.all([
    read(interval),
    currentImpactFactorVersion(ctx),
    periods ? comparedPeriod(periods.previous) : undefined,
    periods ? comparedPeriod(periods.yearAgo) : undefined,
  ]);
  return {
    count,
    next: nextPageUrl(requestUrl, query.page, query.page_size, count),
    results: shown(rows),
    ...(version === undefined ? {} : { impact_factor_version: version }),
    ...(previous && yearAgo ? { comparison: { previous, year_ago: yearAgo } } : {}),
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
