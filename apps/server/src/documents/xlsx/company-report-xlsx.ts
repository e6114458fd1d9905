import { PassThrough } from 'node:stream';
import ExcelJS from 'exceljs';
import type { Row, Worksheet } from 'exceljs';
import { DEPARTMENTS, DESTINATIONS } from '@openrescue/shared';
import type { MetricTotals } from '@openrescue/shared';
import type { CompanyReportDocument } from '../company-report-document.js';
import type { ReportDocument } from '../report-document.js';
import { metricColumns, writeHeading, writeTable } from './report-sheets.js';
import { paintDepartment, paintDestination, printLayout } from './xlsx-styles.js';
import { setZipEntryTimes } from './zip-times.js';

/** Excel's rules for a sheet name: at most 31 characters, none of : \ / ? * [ ], unique regardless of case. */
export function sheetNames(names: readonly string[], taken: readonly string[] = ['Summary']): string[] {
  const used = new Set(taken.map((n) => n.toLowerCase()));
  return names.map((name, i) => {
    const clean =
      name
        .replace(/[:\\/?*[\]]/g, ' ')
        .replace(/\s+/g, ' ')
        .trim()
        .replace(/^'+|'+$/g, '') || `Store ${i + 1}`;
    let candidate = [...clean].slice(0, 31).join('');
    for (let n = 2; used.has(candidate.toLowerCase()) || candidate.toLowerCase() === 'history'; n++) {
      const suffix = ` (${n})`;
      candidate = [...clean].slice(0, 31 - suffix.length).join('') + suffix;
    }
    used.add(candidate.toLowerCase());
    return candidate;
  });
}

const sectionTitle = (ws: Worksheet, text: string) => {
  ws.addRow([]).commit();
  const row = ws.addRow([text]);
  row.font = { bold: true, size: 12 };
  row.commit();
};

function sharesBy(
  report: ReportDocument,
  list: readonly { id: number; name: string }[],
  key: 'department_id' | 'destination_id',
  paint: (row: Row, id: number) => void,
) {
  return list
    .map((item) => {
      const rows = report.month.rows.filter((r) => r[key] === item.id);
      if (!rows.length) return null;
      const sum = (k: keyof MetricTotals) => rows.reduce((a, r) => a + (r[k] ?? 0), 0);
      const metrics: MetricTotals = {
        donation_count: sum('donation_count'),
        weight_kg: sum('weight_kg'),
        weight_lb: sum('weight_lb'),
        meals_provided: sum('meals_provided'),
        co2_emissions_kg: sum('co2_emissions_kg'),
        ...(report.money_saved_visible ? { money_saved: sum('money_saved') } : {}),
      };
      return { lead: [item.name], paint: (row: Row) => paint(row, item.id), metrics };
    })
    .filter((r): r is NonNullable<typeof r> => r !== null);
}

/** Sheet 'Summary': one row per store with the company's totals, then the month by department and by destination. */
function writeSummarySheet(ws: Worksheet, doc: CompanyReportDocument) {
  const company = doc.company;
  const columns = metricColumns(company.money_saved_visible);
  ws.columns = [{ width: 34 }, ...columns.map(() => ({ width: 14 }))];
  writeHeading(ws, company, `Company report, ${doc.stores.length} stores`, 1 + columns.length);
  const stores = doc.stores.map((s) => ({ lead: [s.heading.name], metrics: s.month.totals }));
  writeTable(ws, ['Store'], stores, company.month.totals, columns);
  sectionTitle(ws, 'By department');
  const depts = sharesBy(company, DEPARTMENTS, 'department_id', (r, id) => paintDepartment(r.getCell(1), id));
  writeTable(ws, ['Department'], depts, company.month.totals, columns);
  sectionTitle(ws, 'By destination');
  const dests = sharesBy(company, DESTINATIONS, 'destination_id', (r, id) => paintDestination(r.getCell(1), id));
  writeTable(ws, ['Destination'], dests, company.month.totals, columns);
  ws.commit();
}

/** A store's sheet: its month by department x destination, then its year to date by month. */
function writeStoreSheet(ws: Worksheet, report: ReportDocument) {
  const columns = metricColumns(report.money_saved_visible);
  ws.columns = [{ width: 18 }, { width: 16 }, ...columns.map(() => ({ width: 14 }))];
  writeHeading(ws, report, 'Month and year to date', 2 + columns.length);
  const month = report.month.rows.map((r) => ({
    lead: [r.department, r.destination],
    paint: (row: Row) => {
      paintDepartment(row.getCell(1), r.department_id);
      paintDestination(row.getCell(2), r.destination_id);
    },
    metrics: r,
  }));
  writeTable(ws, ['Department', 'Destination'], month, report.month.totals, columns);
  sectionTitle(ws, `Year to date (${report.ytd.from} to ${report.ytd.to})`);
  const ytd = report.ytd.rows.map((r) => ({ lead: [r.month.slice(0, 7), ''], metrics: r }));
  writeTable(ws, ['Month', ''], ytd, report.ytd.totals, columns);
  ws.commit();
}

/**
 * The company report as one spreadsheet: 'Summary', then one sheet per store (named after it, in its own script),
 * streamed row by row. Every timestamp inside is `date`: the same report and date give the same bytes.
 */
export async function companyReportXlsxBuffer(
  doc: CompanyReportDocument,
  options: { productName: string; date: Date },
): Promise<Buffer> {
  const out = new PassThrough();
  const chunks: Buffer[] = [];
  out.on('data', (c: Buffer) => chunks.push(c));
  const ended = new Promise<void>((resolve, reject) => {
    out.on('end', resolve);
    out.on('error', reject);
  });
  const wb = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useStyles: true, useSharedStrings: true });
  wb.creator = options.productName;
  wb.title = `${doc.company.heading.name} ${doc.company.heading.month_label}`;
  wb.created = options.date;
  wb.modified = options.date;
  wb.lastModifiedBy = options.productName;
  const pageSetup = printLayout(1, 'landscape');
  writeSummarySheet(wb.addWorksheet('Summary', { pageSetup }), doc);
  const names = sheetNames(doc.stores.map((s) => s.heading.name));
  doc.stores.forEach((store, i) => writeStoreSheet(wb.addWorksheet(names[i], { pageSetup }), store));
  await wb.commit();
  await ended;
  return setZipEntryTimes(Buffer.concat(chunks), options.date);
}
