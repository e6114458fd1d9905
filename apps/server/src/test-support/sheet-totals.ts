import ExcelJS from 'exceljs';

/**
 * A report sheet's row whose first cell reads 'Total', by header label (the row that holds 'Weight (kg)'): what the
 * API tests and the browser tests read from downloaded spreadsheets.
 */
export function sheetTotals(ws: ExcelJS.Worksheet): Record<string, number> {
  let header: string[] = [];
  let totals: Record<string, number> = {};
  ws.eachRow((row) => {
    const values = (row.values as unknown[]).slice(1);
    if (values.includes('Weight (kg)')) header = values.map(String);
    if (values[0] === 'Total') {
      totals = {};
      // A formula's cached result through cell.result: cell.value drops a result of 0 (exceljs copies only truthy
      // fields), although the file holds <v>0</v>.
      header.forEach((label, i) => {
        const cell = row.getCell(i + 1);
        const n = cell.type === ExcelJS.ValueType.Formula ? cell.result : cell.value;
        if (typeof n === 'number') totals[label] = n;
      });
    }
  });
  return totals;
}
