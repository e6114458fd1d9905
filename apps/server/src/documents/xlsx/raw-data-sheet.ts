import type { Worksheet } from 'exceljs';
import type { RawRow } from '@openrescue/shared';
import { NUMBER_FORMATS, styleHeaderRow } from './xlsx-styles.js';

/** 'YYYY-MM-DD HH:mm:ss' wall-clock text as a Date whose UTC fields are that wall clock: Excel dates have no zone. */
function wallClock(text: string): Date {
  return new Date(
    Date.UTC(
      Number(text.slice(0, 4)),
      Number(text.slice(5, 7)) - 1,
      Number(text.slice(8, 10)),
      Number(text.slice(11, 13)),
      Number(text.slice(14, 16)),
      Number(text.slice(17, 19)),
    ),
  );
}

/**
 * Sheet 'Raw Data': one row per donation (section 9: at most 40,000), the specification's field names as headers,
 * entry_time in America/Vancouver. Plain rows with column formats only: 40,000 of them stream in well under a second.
 */
export function writeRawDataSheet(ws: Worksheet, rows: readonly RawRow[]) {
  ws.columns = [
    { key: 'entry_time', width: 20, style: { numFmt: NUMBER_FORMATS.dateTime } },
    { key: 'from_company', width: 26 },
    { key: 'from_store', width: 30 },
    { key: 'department', width: 15 },
    { key: 'destination', width: 12 },
    { key: 'weight_kg', width: 12, style: { numFmt: NUMBER_FORMATS.rawKg } },
  ];
  const header = ws.addRow(['entry_time', 'from_company', 'from_store', 'department', 'destination', 'weight_kg']);
  styleHeaderRow(header);
  header.commit();
  // exceljs gives every cell a fresh style object and renders its XML to find the style's id; handing each cell its
  // column's one style object lets the library's per-object cache answer instead (half the sheet's build time).
  const styles = ws.columns.map((c) => c.style ?? {});
  for (const r of rows) {
    const row = ws.addRow([
      wallClock(r.entry_time),
      r.from_company,
      r.from_store,
      r.department,
      r.destination,
      r.weight_kg,
    ]);
    row.eachCell((cell, col) => (cell.style = styles[col - 1]));
    row.commit();
  }
  ws.autoFilter = `A1:F${Math.max(1, rows.length + 1)}`;
  ws.commit();
}
