import { createHash } from 'node:crypto';
import ExcelJS from 'exceljs';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { pdfFonts, pdfTextLines } from '../test-support/documents/pdf-text.js';
import { SCRIPT_NAMES } from '../test-support/documents/script-names.js';
import { renderPosterPdf } from './pdf/poster-pdf.js';
import { renderReportPdf } from './pdf/report-pdf.js';
import { reportSummary } from './pdf/report-summary.js';
import { renderPublishedDocuments } from './publish-render.js';
import { documentDate, type ReportDocument } from './report-document.js';
import { sampleMonthlyReport, samplePoster } from '../test-support/documents/sample-documents.js';

const sha = (b: Uint8Array) => createHash('sha256').update(b).digest('hex');
const date = documentDate('2026-10-31');
afterEach(() => vi.useRealTimers());

async function renderAt(now: string, report: ReportDocument) {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date(now));
  try {
    const out = await renderPublishedDocuments(report, { productName: 'OpenRescue', date });
    if (!out.xlsx.ok || !out.pdf.ok) throw new Error('render failed');
    return { xlsx: out.xlsx.data, pdf: out.pdf.data };
  } finally {
    vi.useRealTimers();
  }
}

describe('published documents', () => {
  it('are byte-identical whenever they are rendered: no clock inside', async () => {
    const report = sampleMonthlyReport(300, false);
    const a = await renderAt('2026-11-02T08:00:00Z', report);
    const b = await renderAt('2027-03-15T21:13:07Z', report);
    expect(sha(a.xlsx)).toBe(sha(b.xlsx));
    expect(sha(a.pdf)).toBe(sha(b.pdf));
    // Different data, different bytes (the check above is not vacuous).
    const c = await renderAt('2026-11-02T08:00:00Z', sampleMonthlyReport(301, false));
    expect(sha(c.xlsx)).not.toBe(sha(a.xlsx));
  });

  it('carry the document date, not the time of rendering', async () => {
    const { xlsx, pdf } = await renderAt('2027-03-15T21:13:07Z', sampleMonthlyReport(5, false));
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(Buffer.from(xlsx) as never);
    expect(wb.created?.toISOString()).toBe('2026-10-31T23:59:58.000Z');
    expect(wb.worksheets.map((w) => w.name)).toEqual(['Month', 'YTD', 'Raw Data']);
    // zip entry times: every local header says 2026-10-31 23:59:58 in DOS time.
    const buf = Buffer.from(xlsx);
    const dosDate = ((2026 - 1980) << 9) | (10 << 5) | 31;
    let at = 0;
    let entries = 0;
    while ((at = buf.indexOf(Buffer.from([0x50, 0x4b, 0x03, 0x04]), at)) >= 0) {
      expect(buf.readUInt16LE(at + 12)).toBe(dosDate);
      entries++;
      at += 4;
    }
    expect(entries).toBeGreaterThan(5);
    expect(Buffer.from(pdf).toString('latin1')).toContain('(D:20261031235958Z)');
  });

  it('summarise the month in words a charity reads, with the shares and the year to date', async () => {
    const report = sampleMonthlyReport(0, false);
    const s = reportSummary(report, 'OpenRescue');
    expect(s.lead).toBe(
      `In Oct 2026, Fraser Valley Food Bank received 8,442 kg (18,612 lb) of rescued food in 126 donations: about 15,518 meals, and 28,365 kg of CO2e emissions avoided.`,
    );
    expect(s.departments.map((d) => d.name)).toEqual([
      'Bakery',
      'Dairy',
      'Deli',
      'Meat/Seafood',
      'Produce',
      'Grocery',
      'Other',
    ]);
    expect(s.departments.reduce((a, d) => a + d.share, 0)).toBeCloseTo(1, 6);
    expect(s.ytd).toHaveLength(10);
    const store = reportSummary(
      {
        ...report,
        heading: {
          ...report.heading,
          kind: 'store',
          name: 'Harvest Valley Kitsilano',
          company: 'Harvest Valley Foods',
        },
      },
      'OpenRescue',
    );
    expect(store.lead).toMatch(/^In Oct 2026, Harvest Valley Kitsilano donated 8,442 kg \(18,612 lb\) of unsold food/);
    expect(store.subtitle).toBe('A store of Harvest Valley Foods');
    const empty = {
      ...report,
      month: {
        rows: [],
        totals: {
          ...report.month.totals,
          weight_kg: 0,
          weight_lb: 0,
          donation_count: 0,
          meals_provided: 0,
          co2_emissions_kg: 0,
        },
      },
    };
    expect(reportSummary(empty, 'OpenRescue').lead).toBe(
      'No donations were recorded for Fraser Valley Food Bank in Oct 2026.',
    );
    const { pdf } = await renderAt('2026-11-02T08:00:00Z', {
      ...report,
      heading: { ...report.heading, kind: 'company', name: 'Harvest Valley Foods' },
    });
    const text = pdfTextLines(Buffer.from(pdf)).join('\n');
    expect(text).toContain('Harvest Valley Foods');
    expect(text).toContain('All stores of the company');
    expect(text).toContain('By department');
    expect(text).toMatch(/Year to date: 14,500 kg of food rescued/);
  });

  it('show names in every script, in embedded fonts that poppler reads back', async () => {
    const report = sampleMonthlyReport(0, false);
    // This poster once changed fontkit's shared glyph objects: the reports after it lost the M of MEALS PROVIDED.
    await renderPosterPdf(samplePoster(SCRIPT_NAMES['Latin Extended']), { productName: 'OpenRescue', aboutUrl: 'x' });
    for (const [script, name] of Object.entries(SCRIPT_NAMES)) {
      const heading = { ...report.heading, kind: 'store' as const, name, company: 'Harvest Valley Foods' };
      const pdf = await renderReportPdf({ ...report, heading }, { productName: 'OpenRescue', date });
      const lines = pdfTextLines(pdf);
      expect(lines, script).toContain(name);
      // Inside a sentence poppler moves the spaces at a right-to-left run's edges: compare without spaces there.
      const squeeze = (t: string) => t.replace(/\s/g, '');
      expect(squeeze(lines.join(' ')), script).toContain(squeeze(`In Oct 2026, ${name} donated`));
      expect(squeeze(lines.join(' ')), script).toContain('MEALSPROVIDED');
      expect(
        pdfFonts(pdf).filter((f) => !(f.embedded && f.subset && f.unicode)),
        script,
      ).toEqual([]);
      expect(pdf.toString('latin1').match(/\/Type \/Page\b/g), script).toHaveLength(1);
      // About 18 kB in Latin, 25 kB with a Chinese name: the subsets hold only the glyphs used.
      expect(pdf.length, script).toBeLessThan(60_000);
    }
  });
});
