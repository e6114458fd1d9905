import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MonthlyReport } from '@openrescue/shared';
import {
  type DocumentsFixture,
  foreignIds,
  rawSums,
  receiverOfStore1,
  setUpDocuments,
} from '../../test-support/fixtures/documents.js';
import { sheetTotals } from '../../test-support/sheet-totals.js';

let f: DocumentsFixture;
let receiverId: number;
beforeAll(async () => {
  f = await setUpDocuments();
  receiverId = await receiverOfStore1(f.t, f.month);
});
afterAll(async () => f?.t.close());

async function workbookOf(body: Buffer) {
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(body as unknown as ArrayBuffer);
  return wb;
}

describe('monthly report spreadsheets', () => {
  it('streams a real store workbook: Month, YTD and Raw Data, totals equal to the JSON and to SQL, a safe file name', async () => {
    const json = (
      await f.get('store', `/core-api/api/reports/monthly/store/1?month=${f.month}`)
    ).json() as MonthlyReport;
    const res = await f.get('store', `/core-api/api/reports/monthly/store/1.xlsx?month=${f.month}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    expect(res.headers['content-disposition']).toBe(`attachment; filename="${json.xlsx_filename}"`);
    expect(json.xlsx_filename).toMatch(/^[A-Za-z0-9_-]+_\d{4}-\d{2}-\d{2}\.xlsx$/);
    const wb = await workbookOf(res.rawPayload);
    expect(wb.worksheets.map((w) => w.name)).toEqual(['Month', 'YTD', 'Raw Data']);

    const month = sheetTotals(wb.getWorksheet('Month')!);
    const sums = await rawSums(f.t, f.month, { store: 1 });
    expect(month['Weight (kg)']).toBeCloseTo(json.month.totals.weight_kg, 3);
    expect(month['Weight (kg)']).toBeCloseTo(sums.weight_kg, 3);
    expect(month['Weight (lb)']).toBe(json.month.totals.weight_lb);
    expect(month['Meals']).toBeCloseTo(sums.meals_provided, 2);
    expect(month['CO2e (kg)']).toBeCloseTo(sums.co2_emissions_kg, 3);
    expect(month['Donations']).toBe(sums.n);
    expect(month['Money saved']).toBeUndefined();

    const ytd = sheetTotals(wb.getWorksheet('YTD')!);
    expect(ytd['Weight (kg)']).toBeCloseTo(json.ytd.totals.weight_kg, 3);
    expect(ytd['Donations']).toBe(json.ytd.totals.donation_count);

    const raw = wb.getWorksheet('Raw Data')!;
    expect(raw.rowCount).toBe(sums.n + 1);
    expect((raw.getRow(1).values as unknown[]).slice(1)).toEqual([
      'entry_time',
      'from_company',
      'from_store',
      'department',
      'destination',
      'weight_kg',
    ]);
    expect(raw.getRow(2).getCell(1).value).toBeInstanceOf(Date);
  });

  it('styles the sheets: coloured header, department colours, thousands separators, the factor version noted', async () => {
    const res = await f.get('staff', `/core-api/api/reports/monthly/store/1.xlsx?month=${f.month}`);
    const ws = (await workbookOf(res.rawPayload)).getWorksheet('Month')!;
    const texts: string[] = [];
    let headerNumber = 0;
    ws.eachRow((row) => {
      texts.push((row.values as unknown[]).filter((v) => typeof v === 'string').join(' '));
      if (row.getCell(1).value === 'Department') headerNumber = row.number;
    });
    expect(texts.join('\n')).toMatch(/Impact factors version 1/);
    const headerRow = ws.getRow(headerNumber);
    expect(headerRow.getCell(1).font?.bold).toBe(true);
    expect((headerRow.getCell(1).fill as ExcelJS.FillPattern).fgColor?.argb).toBe('FF1F4E3D');
    const first = ws.getRow(headerRow.number + 1);
    expect((first.getCell(1).fill as ExcelJS.FillPattern).fgColor?.argb).toMatch(/^FF[0-9A-F]{6}$/);
    expect(first.getCell(4).numFmt).toBe('#,##0.0');
    expect(sheetTotals(ws)['Money saved']).toBeGreaterThan(0);
  });

  it("gives a receiver's workbook its Raw Data for the viewer's company only", async () => {
    const res = await f.get('company', `/core-api/api/reports/monthly/receiver/${receiverId}.xlsx?month=${f.month}`);
    expect(res.statusCode).toBe(200);
    const wb = await workbookOf(res.rawPayload);
    expect(wb.worksheets.map((w) => w.name)).toEqual(['Month', 'YTD', 'Raw Data']);
    const sums = await rawSums(f.t, f.month, { receiver: receiverId, company: 1 });
    expect(wb.getWorksheet('Raw Data')!.rowCount).toBe(sums.n + 1);
    expect(sheetTotals(wb.getWorksheet('Month')!)['Weight (kg)'] ?? 0).toBeCloseTo(sums.weight_kg, 3);
  });

  it('refuses like the JSON: 404 for another company, 400 for a bad month, 401 signed out', async () => {
    const { storeId, receiverId: foreignReceiver } = await foreignIds(f.t);
    expect((await f.get('company', `/core-api/api/reports/monthly/store/${storeId}.xlsx`)).statusCode).toBe(404);
    expect((await f.get('company', `/core-api/api/reports/monthly/receiver/${foreignReceiver}.xlsx`)).statusCode).toBe(
      404,
    );
    expect((await f.get('staff', '/core-api/api/reports/monthly/store/1.xlsx?month=2026-1-01')).statusCode).toBe(400);
    expect((await f.get(null, '/core-api/api/reports/monthly/store/1.xlsx')).statusCode).toBe(401);
  });
});
