import ExcelJS from 'exceljs';
import { afterEach, describe, expect, it } from 'vitest';
import type { ReportDocument } from '../documents/report-document.js';
import { sampleMonthlyReport } from '../test-support/documents/sample-documents.js';
import { createRenderPool, type RenderPool } from './render-pool.js';

const report: ReportDocument = { ...sampleMonthlyReport(40000), xlsx_filename: 'Sample_2026-09-30.xlsx' };

/** The longest gap between ticks of a 5 ms timer on this thread while `work` runs: how long it was kept from answering. */
async function longestStall(work: () => Promise<unknown>): Promise<number> {
  let last = performance.now();
  let longest = 0;
  const timer = setInterval(() => {
    const now = performance.now();
    longest = Math.max(longest, now - last);
    last = now;
  }, 5);
  try {
    await work();
  } finally {
    clearInterval(timer);
  }
  return longest;
}

let pool: RenderPool | undefined;
afterEach(async () => pool?.close());

describe('downloaded spreadsheets on the render pool', () => {
  it('builds a 40,000-row workbook on a worker thread while this thread keeps answering', async () => {
    pool = createRenderPool({ size: 1, productName: 'OpenRescue' });
    await pool.renderXlsx(sampleMonthlyReport(10) as ReportDocument, new Date()); // the thread and its libraries, started
    let bytes: Uint8Array | undefined;
    const stall = await longestStall(async () => (bytes = await pool!.renderXlsx(report, new Date())));
    // On this thread the same build stalls it for the whole build (~0.6-1 s here); a worker leaves the timer alone
    // but for the handing over of the report (a structured copy of its rows).
    expect(stall).toBeLessThan(400);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(bytes!.buffer as ArrayBuffer);
    expect(wb.worksheets.map((w) => w.name)).toEqual(['Month', 'YTD', 'Raw Data']);
    expect(wb.getWorksheet('Raw Data')!.rowCount).toBe(40001);
  }, 60_000);

  it('gives the same workbook on this thread when it has no workers (RENDER_WORKERS=0)', async () => {
    pool = createRenderPool({ size: 0, productName: 'OpenRescue' });
    const bytes = await pool.renderXlsx(sampleMonthlyReport(25) as ReportDocument, new Date());
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(bytes.buffer as ArrayBuffer);
    expect(wb.getWorksheet('Raw Data')!.rowCount).toBe(26);
  });
});

describe('threads kept and prepared (decision 0077)', () => {
  it('keeps the first thread through idleness and prepares it before its first document', async () => {
    pool = createRenderPool({ size: 2, productName: 'OpenRescue', keepAlive: 1, idleMs: 50 });
    pool.warm({ prepare: true, threads: 1 });
    expect(pool.running).toBe(1);
    await pool.prepared();
    // Both threads busy, then idle past idleMs: the second stops, the prepared one stays.
    const both = await Promise.all(
      [1, 2].map(() => pool!.renderXlsx(sampleMonthlyReport(5) as ReportDocument, new Date())),
    );
    expect(both.every((b) => b.byteLength > 0)).toBe(true);
    expect(pool.running).toBe(2);
    await expect.poll(() => pool!.running, { timeout: 10_000 }).toBe(1);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(pool.running).toBe(1);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(
      (await pool.renderXlsx(sampleMonthlyReport(3) as ReportDocument, new Date())).buffer as ArrayBuffer,
    );
    expect(wb.getWorksheet('Raw Data')!.rowCount).toBe(4);
  }, 60_000);
});
