import type { StipendRow } from '@openrescue/shared';
import ExcelJS from 'exceljs';
import { NUMBER_FORMATS, printLayout, styleHeaderRow } from './xlsx-styles.js';

type Kind = 'text' | 'count' | 'date' | 'month' | 'yesNo';

/** The stipend report columns, in the order of spec section 3 "Stipend report row", with the screen's labels. */
export const STIPEND_COLUMNS: ReadonlyArray<{ key: keyof StipendRow; header: string; width: number; kind: Kind }> = [
  { key: 'item_id', header: 'Item id', width: 20, kind: 'text' },
  { key: 'receiver', header: 'Receiver id', width: 10, kind: 'count' },
  { key: 'receiver_name', header: 'Receiver', width: 30, kind: 'text' },
  { key: 'receiver_type', header: 'Receiver type', width: 11, kind: 'text' },
  { key: 'receiver_diversion_type', header: 'Diversion type', width: 11, kind: 'text' },
  { key: 'is_lead_charity', header: 'Lead charity', width: 9, kind: 'yesNo' },
  { key: 'store', header: 'Store id', width: 8, kind: 'count' },
  { key: 'store_name', header: 'Store', width: 30, kind: 'text' },
  { key: 'store_type', header: 'Store type', width: 12, kind: 'text' },
  { key: 'store_start_date', header: 'Store start date', width: 12, kind: 'date' },
  { key: 'year_month', header: 'Month', width: 9, kind: 'month' },
  ...([1, 2, 3, 4, 5, 6, 7, 8] as const).map((i) => ({
    key: `reason_${i}` as keyof StipendRow,
    header: `No-pickup reason ${i}`,
    width: 16,
    kind: 'count' as const,
  })),
  { key: 'reason_null', header: 'No reason recorded', width: 12, kind: 'count' },
  { key: 'schedule_code', header: 'Schedule code', width: 10, kind: 'text' },
  { key: 'expected_service_days', header: 'Expected service days', width: 11, kind: 'count' },
  { key: 'actual_service_days', header: 'Actual service days', width: 11, kind: 'count' },
  { key: 'expected_non_service_days', header: 'Expected non-service days', width: 13, kind: 'count' },
  { key: 'actual_non_service_days', header: 'Actual non-service days', width: 13, kind: 'count' },
];

const FORMATS: Partial<Record<Kind, string>> = { count: NUMBER_FORMATS.count, date: 'yyyy-mm-dd', month: 'yyyy-mm' };

export function stipendFileName(yearMonth: string): string {
  return `stipend_report_${yearMonth}.xlsx`;
}

/** 'YYYY-MM-DD' or 'YYYY-MM' as a spreadsheet date (midnight, no zone); anything else stays text. */
function calendarDate(text: string): Date | string {
  const m = /^(\d{4})-(\d{2})(?:-(\d{2}))?$/.exec(text);
  return m ? new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3] ?? 1))) : text;
}

function cellValue(row: StipendRow, key: keyof StipendRow, kind: Kind) {
  const value = row[key];
  if (kind === 'yesNo') return value ? 'Yes' : 'No';
  if ((kind === 'date' || kind === 'month') && typeof value === 'string') return calendarDate(value);
  return value;
}

/**
 * A real spreadsheet of the rows: one header row, one row per receiver x store x month. `reasons` names the
 * no-pickup reasons (the reason table) in their columns' headers.
 */
export async function stipendXlsxBuffer(
  rows: readonly StipendRow[],
  reasons: ReadonlyMap<number, string>,
  productName: string,
): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  wb.creator = productName;
  const ws = wb.addWorksheet('Stipend report', {
    views: [{ state: 'frozen', ySplit: 1 }],
    pageSetup: printLayout(1, 'landscape'),
  });
  ws.columns = STIPEND_COLUMNS.map((c) => {
    const reason = /^reason_(\d)$/.exec(c.key);
    const text = reason && reasons.get(Number(reason[1]));
    const numFmt = FORMATS[c.kind];
    return {
      key: c.key,
      header: text ? `${c.header}: ${text}` : c.header,
      width: c.width,
      ...(numFmt ? { style: { numFmt } } : {}),
    };
  });
  const header = ws.getRow(1);
  styleHeaderRow(header);
  // Room for the reasons' names, wrapped in their narrow columns.
  header.height = 80;
  for (const row of rows) {
    ws.addRow(Object.fromEntries(STIPEND_COLUMNS.map((c) => [c.key, cellValue(row, c.key, c.kind)])));
  }
  ws.autoFilter = { from: { row: 1, column: 1 }, to: { row: 1, column: STIPEND_COLUMNS.length } };
  // Shared strings (the library's default, said here): text cells as t="s", never t="str".
  return Buffer.from(await wb.xlsx.writeBuffer({ useSharedStrings: true }));
}
