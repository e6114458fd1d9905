import { PassThrough, type Writable } from 'node:stream';
import ExcelJS from 'exceljs';
import type { ReportDocument } from '../report-document.js';
import { writeRawDataSheet } from './raw-data-sheet.js';
import { setZipEntryTimes } from './zip-times.js';
import { SUMMARY_HEADER_ROW, writeMonthSheet, writeYtdSheet } from './report-sheets.js';
import { printLayout } from './xlsx-styles.js';

export { XLSX_CONTENT_TYPE } from '../content-types.js';

export interface XlsxOptions {
  productName: string;
  /** The document's creation time; now unless given (published documents pass documentDate()). */
  date?: Date;
}

/**
 * The monthly donation report as a real spreadsheet (sheets 'Month', 'YTD' and, when the report has raw rows,
 * 'Raw Data'), streamed to `out` as it is built: rows are committed one by one, never held as one big buffer.
 * This module is the only place that knows exceljs (STACK-NOTES: keep it behind one module of ours).
 */
export async function writeMonthlyReportXlsx(
  report: ReportDocument,
  out: Writable,
  options: XlsxOptions,
): Promise<void> {
  // Shared strings: text cells as t="s", never t="str", which is for formula results (issue 34).
  const wb = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useStyles: true, useSharedStrings: true });
  wb.creator = options.productName;
  wb.title = `${report.heading.name} ${report.heading.month_label}`;
  wb.created = options.date ?? new Date();
  wb.modified = wb.created;
  wb.lastModifiedBy = options.productName;
  const frozen = (ySplit: number) => [{ state: 'frozen' as const, ySplit }];
  // The stream writer writes a sheet's print set-up when the sheet is added: it goes in here, not later.
  const summary = { pageSetup: printLayout(SUMMARY_HEADER_ROW, 'landscape') };
  writeMonthSheet(wb.addWorksheet('Month', summary), report);
  writeYtdSheet(wb.addWorksheet('YTD', summary), report);
  if (report.raw_data) {
    const raw = wb.addWorksheet('Raw Data', { views: frozen(1), pageSetup: printLayout(1, 'portrait') });
    writeRawDataSheet(raw, report.raw_data.rows);
  }
  await wb.commit();
}

/**
 * The report as one buffer with every timestamp inside set to `date` (core properties and zip entries): the same
 * report and date always give the same bytes.
 */
export async function monthlyReportXlsxBuffer(
  report: ReportDocument,
  options: { productName: string; date: Date },
): Promise<Buffer> {
  const out = new PassThrough();
  const chunks: Buffer[] = [];
  out.on('data', (c: Buffer) => chunks.push(c));
  const ended = new Promise<void>((resolve, reject) => {
    out.on('end', resolve);
    out.on('error', reject);
  });
  await writeMonthlyReportXlsx(report, out, options);
  await ended;
  return setZipEntryTimes(Buffer.concat(chunks), options.date);
}
