import type { Row, Worksheet } from 'exceljs';
import { formatNumber, KG_TO_LB, LB_ROUNDING_RULE } from '@openrescue/shared';
import type { MetricTotals } from '@openrescue/shared';
import type { ReportDocument as MonthlyReport } from '../report-document.js';
import { NUMBER_FORMATS, paintDepartment, paintDestination, styleHeaderRow, styleTotalRow } from './xlsx-styles.js';

export interface MetricColumn {
  key: keyof MetricTotals;
  label: string;
  numFmt: string;
}

export function metricColumns(money: boolean): MetricColumn[] {
  return [
    { key: 'donation_count', label: 'Donations', numFmt: NUMBER_FORMATS.count },
    { key: 'weight_kg', label: 'Weight (kg)', numFmt: NUMBER_FORMATS.kg },
    { key: 'weight_lb', label: 'Weight (lb)', numFmt: NUMBER_FORMATS.lb },
    { key: 'meals_provided', label: 'Meals', numFmt: NUMBER_FORMATS.meals },
    { key: 'co2_emissions_kg', label: 'CO2e (kg)', numFmt: NUMBER_FORMATS.co2e },
    ...(money ? [{ key: 'money_saved' as const, label: 'Money saved', numFmt: NUMBER_FORMATS.money }] : []),
  ];
}

const colLetter = (index: number) => String.fromCharCode(65 + index); // A..Z is plenty here

/** The row of a summary sheet's table header: below the title, four heading lines and a blank row. */
export const SUMMARY_HEADER_ROW = 7;

/** Title, company, month and the impact factor version above each summary sheet (rows 1 to 6). */
export function writeHeading(ws: Worksheet, report: MonthlyReport, title: string, width: number) {
  const h = report.heading;
  const lines: [string, string][] = [
    [h.kind === 'store' ? 'Store' : h.kind === 'company' ? 'Company' : 'Receiver', h.name],
    ['Company', h.company ?? 'All donors'],
    ['Month', `${h.month_label} (${h.month} to ${h.month_end})`],
    ['Impact factors', `version ${report.impact_factor_version} (see About these numbers)`],
  ];
  const top = ws.addRow([`${h.name}: ${title}`]);
  top.font = { bold: true, size: 14 };
  top.height = 22;
  ws.mergeCells(1, 1, 1, width);
  top.commit();
  for (const [label, value] of lines) {
    const row = ws.addRow([label, value]);
    row.getCell(1).font = { bold: true };
    row.commit();
  }
  ws.addRow([]).commit();
}

export function writeTable(
  ws: Worksheet,
  leading: string[],
  rows: { lead: (string | Date)[]; paint?: (r: Row) => void; metrics: MetricTotals }[],
  totals: MetricTotals,
  columns: MetricColumn[],
) {
  const header = ws.addRow([...leading, ...columns.map((c) => c.label)]);
  styleHeaderRow(header);
  header.commit();
  const dataStart = header.number + 1;
  for (const r of rows) {
    const row = ws.addRow([...r.lead, ...columns.map((c) => r.metrics[c.key] ?? 0)]);
    columns.forEach((c, i) => (row.getCell(leading.length + i + 1).numFmt = c.numFmt));
    r.paint?.(row);
    row.commit();
  }
  const dataEnd = dataStart + rows.length - 1;
  if (rows.length === 0) ws.addRow(['No donations in this period.']).commit();
  const values = columns.map((c, i) => {
    const result = totals[c.key] ?? 0;
    if (rows.length === 0) return result;
    const col = colLetter(leading.length + i);
    if (c.key === 'weight_lb') {
      const kgCol = colLetter(leading.length + columns.findIndex((x) => x.key === 'weight_kg'));
      return { formula: `ROUNDUP(${kgCol}${dataEnd + 1}*${KG_TO_LB},0)`, result };
    }
    return { formula: `SUM(${col}${dataStart}:${col}${dataEnd})`, result };
  });
  const total = ws.addRow(['Total', ...leading.slice(1).map(() => ''), ...values]);
  columns.forEach((c, i) => (total.getCell(leading.length + i + 1).numFmt = c.numFmt));
  styleTotalRow(total);
  total.commit();
  if (rows.length > 0) {
    // Under the totals because that is where the rows' pounds and the total's pounds are compared.
    const note = ws.addRow([LB_ROUNDING_RULE]);
    note.getCell(1).alignment = { wrapText: true, vertical: 'top' };
    note.height = 30;
    ws.mergeCells(note.number, 1, note.number, leading.length + columns.length);
    note.commit();
  }
}

/** Sheet 'Month': the month's totals by department x destination, with a totals row. */
export function writeMonthSheet(ws: Worksheet, report: MonthlyReport) {
  const columns = metricColumns(report.money_saved_visible);
  ws.columns = [{ width: 18 }, { width: 16 }, ...columns.map(() => ({ width: 14 }))];
  writeHeading(ws, report, 'Month', 2 + columns.length);
  const rows = report.month.rows.map((r) => ({
    lead: [r.department, r.destination],
    paint: (row: Row) => {
      paintDepartment(row.getCell(1), r.department_id);
      paintDestination(row.getCell(2), r.destination_id);
    },
    metrics: r,
  }));
  writeTable(ws, ['Department', 'Destination'], rows, report.month.totals, columns);
  const raw = report.raw_data;
  if (raw?.truncated) {
    ws.addRow([]).commit();
    ws.addRow([
      `Raw Data lists the first ${formatNumber(raw.rows.length)} of ${formatNumber(raw.count)} donations.`,
    ]).commit();
  }
  ws.commit();
}

/** Sheet 'YTD': January 1 to the end of the month, one row per month, with a totals row. */
export function writeYtdSheet(ws: Worksheet, report: MonthlyReport) {
  const columns = metricColumns(report.money_saved_visible);
  ws.columns = [{ width: 18 }, ...columns.map(() => ({ width: 14 }))];
  writeHeading(ws, report, `Year to date (${report.ytd.from} to ${report.ytd.to})`, 1 + columns.length);
  const rows = report.ytd.rows.map((r) => {
    const [y, m] = r.month.split('-').map(Number);
    return {
      lead: [new Date(Date.UTC(y, m - 1, 1))],
      paint: (row: Row) => (row.getCell(1).numFmt = NUMBER_FORMATS.month),
      metrics: r,
    };
  });
  writeTable(ws, ['Month'], rows, report.ytd.totals, columns);
  ws.commit();
}
