import type { Writable } from 'node:stream';
import ExcelJS from 'exceljs';
import type { MonthlyReport } from '@openrescue/shared';
import { writeRawDataSheet } from './raw-data-sheet.js';
import { writeMonthSheet, writeYtdSheet } from './report-sheets.js';

export const XLSX_CONTENT_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

export interface XlsxOptions {
  productName: string;
}

/**
 * The monthly donation report as a real spreadsheet (sheets 'Month', 'YTD' and, when the report has raw rows,
 * 'Raw Data'), streamed to `out` as it is built: rows are committed one by one, never held as one big buffer.
 * This module is the only place that knows exceljs (STACK-NOTES: keep it behind one module of ours).
 */
export async function writeMonthlyReportXlsx(report: MonthlyReport, out: Writable, options: XlsxOptions): Promise<void> {
  const wb = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useStyles: true, useSharedStrings: false });
  wb.creator = options.productName;
  wb.title = `${report.heading.name} ${report.heading.month_label}`;
  wb.created = new Date();
  const frozen = (ySplit: number) => [{ state: 'frozen' as const, ySplit }];
  writeMonthSheet(wb.addWorksheet('Month'), report);
  writeYtdSheet(wb.addWorksheet('YTD'), report);
  if (report.raw_data) writeRawDataSheet(wb.addWorksheet('Raw Data', { views: frozen(1) }), report.raw_data.rows);
  await wb.commit();
}
