import { DEPARTMENTS, DESTINATIONS, formatMonth, kgToLb, lastDayOfMonth, RAW_DATA_LIMIT } from '@openrescue/shared';
import type { MetricTotals, MonthlyReport, RawRow } from '@openrescue/shared';
import { monthlyReportFileName } from '../../documents/file-names.js';
import type { ReportDocument, ReportKind } from '../../documents/report-document.js';
import type { DocumentsRepository, ReportScope, SumRow } from './documents.repository.js';

/** What a report is about, after the caller's access has been checked (company: publishing only). */
export interface ReportSubject {
  kind: ReportKind;
  id: number;
  name: string;
  company: string | null;
  /** A receiver's figures limited to one store (the viewer's reporting store): its name. */
  store?: string | null;
  scope: ReportScope;
}

/**
 * The screen's Raw Data tab gets this many of the month's donations (a receiver's JSON carried up to 40,000 rows);
 * the spreadsheet download has them all (decision 0041).
 */
export const RAW_ROWS_ON_SCREEN = 1000;

export interface MonthlyReportOptions {
  /** Money saved is shown to admin-style users only (section 6). */
  money: boolean;
  /** Include the month's donations (always for receivers; for stores in the spreadsheet). */
  raw: boolean;
  /** At most this many of them (default RAW_DATA_LIMIT, the spreadsheet's; the screen's JSON takes fewer). */
  rawLimit?: number;
}

const round = (value: number, digits: number) => {
  const f = 10 ** digits;
  return Math.round(value * f) / f;
};

const departmentName = new Map<number, string>(DEPARTMENTS.map((d) => [d.id, d.name]));
const destinationName = new Map<number, string>(DESTINATIONS.map((d) => [d.id, d.name]));

export function toMetrics(sums: SumRow, money: boolean): MetricTotals {
  const weight = round(sums.weight_kg, 3);
  return {
    weight_kg: weight,
    weight_lb: kgToLb(weight),
    meals_provided: round(sums.meals_provided, 2),
    co2_emissions_kg: round(sums.co2_emissions_kg, 3),
    ...(money ? { money_saved: round(sums.money_saved, 2) } : {}),
    donation_count: sums.donation_count,
  };
}

function addSums(rows: SumRow[]): SumRow {
  const total: SumRow = { weight_kg: 0, meals_provided: 0, co2_emissions_kg: 0, money_saved: 0, donation_count: 0 };
  for (const r of rows) {
    total.weight_kg += r.weight_kg;
    total.meals_provided += r.meals_provided;
    total.co2_emissions_kg += r.co2_emissions_kg;
    total.money_saved += r.money_saved;
    total.donation_count += r.donation_count;
  }
  return total;
}

/** The Month, YTD and (optionally) Raw Data parts of a monthly donation report (spec 2.6). */
export async function loadMonthlyReport(
  repo: DocumentsRepository,
  subject: ReportSubject & { kind: 'store' | 'receiver' },
  month: string,
  options: MonthlyReportOptions,
): Promise<MonthlyReport>;
export async function loadMonthlyReport(
  repo: DocumentsRepository,
  subject: ReportSubject,
  month: string,
  options: MonthlyReportOptions,
): Promise<ReportDocument>;
export async function loadMonthlyReport(
  repo: DocumentsRepository,
  subject: ReportSubject,
  month: string,
  options: MonthlyReportOptions,
): Promise<ReportDocument> {
  const monthEnd = lastDayOfMonth(month);
  const yearStart = `${month.slice(0, 4)}-01-01`;
  const rawLimit = options.rawLimit ?? RAW_DATA_LIMIT;
  const [monthRows, ytdRows, version, raw] = await Promise.all([
    repo.monthByDepartmentDestination(subject.scope, month),
    repo.byMonth(subject.scope, yearStart, month),
    repo.factorVersion(monthEnd),
    options.raw ? repo.rawRows(subject.scope, month, rawLimit) : Promise.resolve(null),
  ]);
  const monthTotals = addSums(monthRows);

  let rawData: MonthlyReport['raw_data'] = null;
  if (raw) {
    const rows: RawRow[] = raw.map((r) => ({
      entry_time: r.entry_time,
      from_company: r.from_company,
      from_store: r.from_store,
      department: departmentName.get(r.department_id) ?? String(r.department_id),
      destination: destinationName.get(r.destination_id) ?? String(r.destination_id),
      weight_kg: r.weight_kg,
    }));
    // The count comes from the rollup; the rows from donation (the rollup can lag until preloadDonation runs).
    const count = Math.max(monthTotals.donation_count, rows.length);
    rawData = { count, limit: rawLimit, truncated: rows.length >= rawLimit && count > rows.length, rows };
  }

  return {
    heading: {
      kind: subject.kind,
      id: subject.id,
      name: subject.name,
      company: subject.company,
      store: subject.store ?? null,
      month,
      month_label: formatMonth(month),
      month_end: monthEnd,
    },
    money_saved_visible: options.money,
    month: {
      rows: monthRows.map((r) => ({
        department_id: r.department_id,
        department: departmentName.get(r.department_id) ?? String(r.department_id),
        destination_id: r.destination_id,
        destination: destinationName.get(r.destination_id) ?? String(r.destination_id),
        ...toMetrics(r, options.money),
      })),
      totals: toMetrics(monthTotals, options.money),
    },
    ytd: {
      from: yearStart,
      to: monthEnd,
      rows: ytdRows.map((r) => ({ month: r.month, ...toMetrics(r, options.money) })),
      totals: toMetrics(addSums(ytdRows), options.money),
    },
    raw_data: rawData,
    impact_factor_version: version,
    xlsx_filename: monthlyReportFileName(subject.name, monthEnd),
  };
}
