import type { StipendRow } from '@openrescue/shared';
import ExcelJS from 'exceljs';
import { NUMBER_FORMATS, styleHeaderRow } from './xlsx-styles.js';

/** The stipend report columns, in the order of spec section 3 "Stipend report row". */
export const STIPEND_COLUMNS: ReadonlyArray<{ key: keyof StipendRow; header: string; width: number }> = [
  { key: 'item_id', header: 'item_id', width: 22 },
  { key: 'receiver', header: 'receiver', width: 10 },
  { key: 'receiver_name', header: 'receiver_name', width: 32 },
  { key: 'receiver_type', header: 'receiver_type', width: 13 },
  { key: 'receiver_diversion_type', header: 'receiver_diversion_type', width: 22 },
  { key: 'is_lead_charity', header: 'is_lead_charity', width: 14 },
  { key: 'store', header: 'store', width: 8 },
  { key: 'store_name', header: 'store_name', width: 32 },
  { key: 'store_type', header: 'store_type', width: 14 },
  { key: 'store_start_date', header: 'store_start_date', width: 15 },
  { key: 'year_month', header: 'year_month', width: 11 },
  ...([1, 2, 3, 4, 5, 6, 7, 8] as const).map((i) => ({ key: `reason_${i}` as keyof StipendRow, header: `reason_${i}`, width: 10 })),
  { key: 'reason_null', header: 'reason_null', width: 11 },
  { key: 'schedule_code', header: 'schedule_code', width: 14 },
  { key: 'expected_service_days', header: 'expected_service_days', width: 22 },
  { key: 'actual_service_days', header: 'actual_service_days', width: 20 },
  { key: 'expected_non_service_days', header: 'expected_non_service_days', width: 26 },
  { key: 'actual_non_service_days', header: 'actual_non_service_days', width: 24 },
];

export function stipendFileName(yearMonth: string): string {
  return `stipend_report_${yearMonth}.xlsx`;
}

/** A real spreadsheet of the rows: one header row, one row per receiver x store x month. */
export async function stipendXlsxBuffer(rows: readonly StipendRow[], productName: string): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  wb.creator = productName;
  const ws = wb.addWorksheet('Stipend report', { views: [{ state: 'frozen', ySplit: 1 }] });
  ws.columns = STIPEND_COLUMNS.map((c) => ({ key: c.key, header: c.header, width: c.width }));
  styleHeaderRow(ws.getRow(1));
  for (const row of rows) {
    const added = ws.addRow(Object.fromEntries(STIPEND_COLUMNS.map((c) => [c.key, c.key === 'is_lead_charity' ? (row.is_lead_charity ? 'Yes' : 'No') : row[c.key]])));
    added.eachCell((cell) => {
      if (typeof cell.value === 'number') cell.numFmt = NUMBER_FORMATS.count;
    });
  }
  ws.autoFilter = { from: { row: 1, column: 1 }, to: { row: 1, column: STIPEND_COLUMNS.length } };
  return Buffer.from(await wb.xlsx.writeBuffer());
}
