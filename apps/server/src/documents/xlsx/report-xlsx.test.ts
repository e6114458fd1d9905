import { kgToLb, LB_ROUNDING_RULE } from '@openrescue/shared';
import { describe, expect, it } from 'vitest';
import { sampleMonthlyReport } from '../../test-support/documents/sample-documents.js';
import { type ReadCell, readXlsx } from '../../test-support/documents/xlsx-reader.js';
import { monthlyReportXlsxBuffer } from './monthly-report-xlsx.js';

const lbOf = (cell: ReadCell) => (typeof cell === 'number' ? cell : NaN);

describe('the monthly report spreadsheet, as openpyxl reads it', () => {
  it('prints each sheet one page wide with its header row repeated, text as shared strings, one lb rule', async () => {
    const report = sampleMonthlyReport(3);
    const xlsx = await monthlyReportXlsxBuffer(report, {
      productName: 'OpenRescue',
      date: new Date('2026-10-31T23:59:58Z'),
    });
    const sheets = readXlsx(xlsx);
    expect(sheets.map((s) => s.name)).toEqual(['Month', 'YTD', 'Raw Data']);
    for (const s of sheets) {
      // fitToPage is what makes LibreOffice and Excel honour fitToWidth; 0 pages high means "as many as needed".
      expect([s.name, s.fit_to_page, s.fit_to_width, s.fit_to_height]).toEqual([s.name, true, 1, 0]);
      expect(s.cell_types.str ?? 0).toBe(0);
      expect(s.cell_types.s).toBeGreaterThan(0);
    }
    const [month, ytd, raw] = sheets;
    expect([month.print_title_rows, ytd.print_title_rows, raw.print_title_rows]).toEqual(['$7:$7', '$7:$7', '$1:$1']);
    expect(month.rows[6]).toContain('Weight (lb)');
    expect(raw.rows[0][0]).toBe('entry_time');

    // The lb total is the total kg converted (what the screen and the PDF show), not the sum of the rows' pounds.
    const lbColumn = month.rows[6].indexOf('Weight (lb)');
    const body = month.rows.slice(7, 7 + report.month.rows.length);
    const total = month.rows[7 + report.month.rows.length];
    expect(total[0]).toBe('Total');
    expect(total[lbColumn]).toEqual({
      formula: `=ROUNDUP(D${8 + report.month.rows.length}*2.20462,0)`,
      cached: kgToLb(report.month.totals.weight_kg),
    });
    expect(report.month.totals.weight_lb).toBe(kgToLb(report.month.totals.weight_kg));
    const rowsLb = body.reduce((sum, r) => sum + lbOf(r[lbColumn]), 0);
    expect(rowsLb - report.month.totals.weight_lb).toBeGreaterThan(0);
    expect(rowsLb - report.month.totals.weight_lb).toBeLessThan(body.length);
    // ...and the sheet says so right under the totals.
    expect(month.rows[8 + report.month.rows.length][0]).toBe(LB_ROUNDING_RULE);
    expect(ytd.rows[8 + report.ytd.rows.length][0]).toBe(LB_ROUNDING_RULE);

    expect(ytd.rows[7][0]).toEqual({ date: '2026-01-01T00:00:00', format: 'mmm yyyy' });
  });
});
