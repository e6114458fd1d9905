import { DEPARTMENTS, DESTINATIONS } from '@openrescue/shared';
import type { Cell, Fill, Font, PageSetup, Row } from 'exceljs';

/** Number formats: thousands separators everywhere (section 9 "Number display"). */
export const NUMBER_FORMATS = {
  count: '#,##0',
  kg: '#,##0.0',
  lb: '#,##0',
  meals: '#,##0',
  co2e: '#,##0.0',
  money: '"$"#,##0.00',
  rawKg: '#,##0.000',
  dateTime: 'yyyy-mm-dd hh:mm:ss',
  month: 'mmm yyyy',
} as const;

const HEADER_FILL = 'FF1F4E3D';
const TOTAL_FILL = 'FFE8F0EC';

const argb = (hex: string) => `FF${hex.replace('#', '').toUpperCase()}`;

/** Black or white text, whichever reads better on the fill (WCAG relative luminance). */
export function textColorOn(hex: string): string {
  const [r, g, b] = [1, 3, 5].map((i) => {
    const c = parseInt(hex.slice(i, i + 2), 16) / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  });
  const luminance = 0.2126 * r + 0.7152 * g + 0.0722 * b;
  return (luminance + 0.05) / 0.05 > 1.05 / (luminance + 0.05) ? 'FF000000' : 'FFFFFFFF';
}

const solid = (color: string): Fill => ({ type: 'pattern', pattern: 'solid', fgColor: { argb: color } });

function paint(cell: Cell, hex: string) {
  cell.fill = solid(argb(hex));
  cell.font = { color: { argb: textColorOn(hex) }, bold: true };
}

/** The department's (and destination's) fixed colour from packages/shared, used by charts and spreadsheets alike. */
export function paintDepartment(cell: Cell, departmentId: number) {
  const d = DEPARTMENTS.find((x) => x.id === departmentId);
  if (d) paint(cell, d.color);
}

export function paintDestination(cell: Cell, destinationId: number) {
  const d = DESTINATIONS.find((x) => x.id === destinationId);
  if (d) paint(cell, d.color);
}

export function styleHeaderRow(row: Row) {
  const font: Partial<Font> = { bold: true, color: { argb: 'FFFFFFFF' } };
  row.eachCell((cell) => {
    cell.fill = solid(HEADER_FILL);
    cell.font = font;
    cell.alignment = { vertical: 'middle', wrapText: true };
    cell.border = { bottom: { style: 'thin', color: { argb: 'FF000000' } } };
  });
  row.height = 30;
}

export function styleTotalRow(row: Row) {
  row.eachCell((cell) => {
    cell.fill = solid(TOTAL_FILL);
    cell.font = { bold: true };
    cell.border = {
      top: { style: 'thin', color: { argb: 'FF000000' } },
      bottom: { style: 'double', color: { argb: 'FF000000' } },
    };
  });
}

/**
 * Every sheet prints one page wide and as many pages long as it needs, its table header repeated on each page.
 * exceljs writes fitToWidth alone unless fitToPage is on, and LibreOffice then prints at 100% (issue 34).
 */
export function printLayout(headerRow: number, orientation: PageSetup['orientation']): Partial<PageSetup> {
  return { orientation, fitToPage: true, fitToWidth: 1, fitToHeight: 0, printTitlesRow: `${headerRow}:${headerRow}` };
}
