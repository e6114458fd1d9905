import {
  comparisonBounds,
  DEPARTMENTS,
  DESTINATIONS,
  kgToLb,
  type AnnotateField,
  type DonationTotalsQuery,
  type Figures,
  type FiguresPeriod,
  type FiguresPeriodKind,
  type FiguresQuery,
  type FiguresSums,
  type ReportRow,
} from '@openrescue/shared';
import type { AppContext } from '../../context.js';
import type { ResolvedViewer } from '../reports/reports.policy.js';
import { donationTotalsFor } from '../reports/totals.service.js';

/** Rows asked for per page of the totals service (its own bound; a 6-year daily export is a few pages). */
const PAGE_SIZE = 10_000;

/** A period of the export: the range asked for, or a comparison period the dashboard shows beside it. */
export interface FiguresRange {
  period: FiguresPeriodKind;
  from: string;
  to: string;
}

const NAMES: Record<'from_department_id' | 'destination_id', ReadonlyMap<number, string>> = {
  from_department_id: new Map(DEPARTMENTS.map((d) => [d.id, d.name])),
  destination_id: new Map(DESTINATIONS.map((d) => [d.id, d.name])),
};

/** One row's sums as the export states them: kg as the totals service gives them, lb by the one pound rule. */
export function sumsOf(row: ReportRow | undefined, moneySaved: boolean): FiguresSums {
  const weight = row?.weight_kg__sum ?? 0;
  const rescued = row?.food_rescued_kg__sum ?? weight;
  const sums: FiguresSums = {
    weight_kg: weight,
    weight_lb: kgToLb(weight),
    food_rescued_kg: rescued,
    food_rescued_lb: kgToLb(rescued),
    meals_provided: row?.meals_provided__sum ?? 0,
    co2_emissions_kg: row?.co2_emissions_kg__sum ?? 0,
  };
  if (moneySaved) sums.money_saved = row?.money_saved__sum ?? 0;
  return sums;
}

/** Every row of one totals question (all pages), money already removed for a viewer who may not see it. */
async function allRows(
  ctx: AppContext,
  rv: ResolvedViewer,
  base: Omit<DonationTotalsQuery, 'page' | 'page_size'>,
): Promise<{ results: ReportRow[]; version?: number }> {
  const results: ReportRow[] = [];
  let version: number | undefined;
  for (let page = 1; ; page += 1) {
    const answer = await donationTotalsFor(ctx, rv, { ...base, page, page_size: PAGE_SIZE }, '/');
    results.push(...answer.results);
    version = answer.impact_factor_version;
    if (results.length >= answer.count || answer.results.length === 0) break;
  }
  return { results, version };
}

const nameOf = (field: 'from_department_id' | 'destination_id', id: number) =>
  NAMES[field].get(id) ?? `${field === 'from_department_id' ? 'Department' : 'Destination'} ${id}`;

async function periodFigures(
  ctx: AppContext,
  rv: ResolvedViewer,
  query: FiguresQuery,
  range: FiguresRange,
): Promise<{ figures: FiguresPeriod; version?: number }> {
  const base = {
    entry_time__gte: range.from,
    entry_time__lte: range.to,
    filter: query.filter,
    annotate_metrics: true,
  };
  const by = (field: AnnotateField, granular: boolean) =>
    allRows(ctx, rv, {
      ...base,
      annotate: [field],
      ...(granular ? { annotate_entry_time: query.annotate_entry_time } : {}),
    });
  // Sequential: one request's reads queue behind each other instead of taking five connections at once.
  const totals = await allRows(ctx, rv, base);
  const departments = await by('from_department_id', false);
  const destinations = await by('destination_id', false);
  const departmentsByDate = await by('from_department_id', true);
  const destinationsByDate = await by('destination_id', true);

  const categories = (rows: ReportRow[], field: 'from_department_id' | 'destination_id') =>
    rows.map((row) => ({ id: row[field]!, name: nameOf(field, row[field]!), ...sumsOf(row, rv.moneySaved) }));
  const byDate = (rows: ReportRow[], field: 'from_department_id' | 'destination_id') =>
    rows
      .map((row) => ({
        date: row.date!,
        id: row[field]!,
        name: nameOf(field, row[field]!),
        ...sumsOf(row, rv.moneySaved),
      }))
      .sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : a.id - b.id));
  return {
    figures: {
      period: range.period,
      from: range.from,
      to: range.to,
      totals: sumsOf(totals.results[0], rv.moneySaved),
      departments: categories(departments.results, 'from_department_id').sort((a, b) => a.id - b.id),
      destinations: categories(destinations.results, 'destination_id').sort((a, b) => a.id - b.id),
      departments_by_date: byDate(departmentsByDate.results, 'from_department_id'),
      destinations_by_date: byDate(destinationsByDate.results, 'destination_id'),
    },
    version: totals.version,
  };
}

/**
 * The figures behind a dashboard's cards and graphs (issue 38 section 2): the cards' totals, both graphs' totals and
 * both graphs by period, for the range asked for and each comparison period. Every number comes from the totals
 * service donation_totals answers from (the same rollups, the same scope rules), never computed anew here.
 */
export async function dashboardFigures(ctx: AppContext, rv: ResolvedViewer, query: FiguresQuery): Promise<Figures> {
  const from = query.entry_time__gte;
  const to = query.entry_time__lte;
  const ranges: FiguresRange[] = [{ period: 'current', from, to }];
  if (query.compare) {
    // The periods the dashboard's cards and graphs compare with, by the same rule (decision 0072).
    const { previous, yearAgo } = comparisonBounds(from, to);
    ranges.push({ period: 'previous', ...previous }, { period: 'year_ago', ...yearAgo });
  }
  const periods: FiguresPeriod[] = [];
  let version: number | undefined;
  for (const range of ranges) {
    const { figures, version: v } = await periodFigures(ctx, rv, query, range);
    periods.push(figures);
    version ??= v;
  }
  const answer: Figures = {
    from: query.entry_time__gte,
    to: query.entry_time__lte,
    granularity: query.annotate_entry_time,
    money_saved_included: rv.moneySaved,
    periods,
  };
  if (query.filter.companyIds) answer.from_company_id = query.filter.companyIds;
  if (query.filter.storeIds) answer.from_store_id = query.filter.storeIds;
  if (query.filter.receiverIds) answer.receiver_id = query.filter.receiverIds;
  if (version !== undefined) answer.impact_factor_version = version;
  return answer;
}
