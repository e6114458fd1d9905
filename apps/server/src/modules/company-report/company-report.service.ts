import { DEPARTMENTS, DESTINATIONS, formatMonth, lastDayOfMonth } from '@openrescue/shared';
import type { Kysely } from 'kysely';
import type { CompanyReportDocument } from '../../documents/company-report-document.js';
import { safeFileStem } from '../../documents/file-names.js';
import type { ReportDocument } from '../../documents/report-document.js';
import type { DB } from '../../db/schema.js';
import { createDocumentsRepository, type SumRow } from '../documents/documents.repository.js';
import { toMetrics } from '../documents/monthly-report.service.js';
import { createCompanyReportRepository } from './company-report.repository.js';

type MonthRow = SumRow & { department_id: number; destination_id: number };
type YtdRow = SumRow & { month: string };

const departmentName = new Map<number, string>(DEPARTMENTS.map((d) => [d.id, d.name]));
const destinationName = new Map<number, string>(DESTINATIONS.map((d) => [d.id, d.name]));
const zero = (): SumRow => ({
  weight_kg: 0,
  meals_provided: 0,
  co2_emissions_kg: 0,
  money_saved: 0,
  donation_count: 0,
});

function add(into: SumRow, row: SumRow): SumRow {
  into.weight_kg += row.weight_kg;
  into.meals_provided += row.meals_provided;
  into.co2_emissions_kg += row.co2_emissions_kg;
  into.money_saved += row.money_saved;
  into.donation_count += row.donation_count;
  return into;
}

/** Rows of several stores summed by `key` (the company's month by department x destination, its months). */
function sumBy<R extends SumRow, O extends SumRow>(
  rows: R[],
  key: (r: R) => string,
  pick: (r: R) => Omit<O, keyof SumRow>,
): O[] {
  const out = new Map<string, O>();
  for (const r of rows) {
    const k = key(r);
    const into = out.get(k) ?? ({ ...pick(r), ...zero() } as O);
    out.set(k, add(into, r) as O);
  }
  return [...out.entries()].sort(([a], [b]) => a.localeCompare(b)).map(([, r]) => r);
}

interface Part {
  kind: 'store' | 'company';
  id: number;
  name: string;
  company: string;
  month: string;
  money: boolean;
  version: number;
  monthRows: MonthRow[];
  ytdRows: YtdRow[];
}

/** One report from its rows: the same shape loadMonthlyReport gives a store's month (no Raw Data). */
function reportOf(p: Part): ReportDocument {
  const monthEnd = lastDayOfMonth(p.month);
  return {
    heading: {
      kind: p.kind,
      id: p.id,
      name: p.name,
      company: p.company,
      store: null,
      month: p.month,
      month_label: formatMonth(p.month),
      month_end: monthEnd,
    },
    money_saved_visible: p.money,
    month: {
      rows: p.monthRows.map((r) => ({
        department_id: r.department_id,
        department: departmentName.get(r.department_id) ?? String(r.department_id),
        destination_id: r.destination_id,
        destination: destinationName.get(r.destination_id) ?? String(r.destination_id),
        ...toMetrics(r, p.money),
      })),
      totals: toMetrics(p.monthRows.reduce(add, zero()), p.money),
    },
    ytd: {
      from: `${p.month.slice(0, 4)}-01-01`,
      to: monthEnd,
      rows: p.ytdRows.map((r) => ({ month: r.month, ...toMetrics(r, p.money) })),
      totals: toMetrics(p.ytdRows.reduce(add, zero()), p.money),
    },
    raw_data: null,
    impact_factor_version: p.version,
    xlsx_filename: '',
  };
}

/** 'Harvest Valley Foods' + '2026-10-31' -> 'Harvest_Valley_Foods_company_report_2026-10-31'. */
export const companyReportFileStem = (company: string, monthEnd: string) =>
  `${safeFileStem(company)}_company_report_${monthEnd}`;

/**
 * A company's month as one document (decision 0068): every store of the company (those without donations too), its
 * figures from the monthly rollup in three reads, the company's figures the sum of its stores'.
 */
export async function loadCompanyReport(
  db: Kysely<DB>,
  company: { id: number; name: string },
  month: string,
  options: { money: boolean },
): Promise<CompanyReportDocument> {
  const repo = createCompanyReportRepository(db);
  const yearStart = `${month.slice(0, 4)}-01-01`;
  const [stores, monthRows, ytdRows, version] = await Promise.all([
    repo.stores(company.id),
    repo.monthRows(company.id, month),
    repo.ytdRows(company.id, yearStart, month),
    createDocumentsRepository(db).factorVersion(lastDayOfMonth(month)),
  ]);
  const byStore = <R extends { store_id: number }>(rows: R[]) => {
    const map = new Map<number, R[]>();
    for (const r of rows) map.set(r.store_id, [...(map.get(r.store_id) ?? []), r]);
    return map;
  };
  const monthOf = byStore(monthRows);
  const ytdOf = byStore(ytdRows);
  const common = { company: company.name, month, money: options.money, version };
  return {
    company: reportOf({
      ...common,
      kind: 'company',
      id: company.id,
      name: company.name,
      monthRows: sumBy<MonthRow & { store_id: number }, MonthRow>(
        monthRows,
        (r) => `${String(r.department_id).padStart(4, '0')}:${String(r.destination_id).padStart(4, '0')}`,
        (r) => ({ department_id: r.department_id, destination_id: r.destination_id }),
      ),
      ytdRows: sumBy<YtdRow & { store_id: number }, YtdRow>(
        ytdRows,
        (r) => r.month,
        (r) => ({ month: r.month }),
      ),
    }),
    stores: stores.map((s) =>
      reportOf({
        ...common,
        kind: 'store',
        id: s.id,
        name: s.name,
        monthRows: monthOf.get(s.id) ?? [],
        ytdRows: ytdOf.get(s.id) ?? [],
      }),
    ),
    file_stem: companyReportFileStem(company.name, lastDayOfMonth(month)),
  };
}
