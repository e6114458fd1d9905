import ExcelJS from 'exceljs';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CompanyReportJob } from '@openrescue/shared';
import { type DocumentsFixture, foreignIds, rawSums, setUpDocuments } from '../../test-support/fixtures/documents.js';
import { pdfTextLines } from '../../test-support/documents/pdf-text.js';
import { SCRIPT_NAMES } from '../../test-support/documents/script-names.js';
import { sheetTotals } from '../../test-support/sheet-totals.js';

let f: DocumentsFixture;
let stores: { id: number; name: string }[];
const renamed = [SCRIPT_NAMES['Chinese (simplified)'], SCRIPT_NAMES.Arabic, SCRIPT_NAMES.Korean];

beforeAll(async () => {
  f = await setUpDocuments();
  const db = f.t.database.db;
  // Names in other scripts must come out as they are, in the sheet names and in the PDF's text.
  const ids = await db.selectFrom('store').select('id').where('company_id', '=', 1).orderBy('id').execute();
  for (const [i, name] of renamed.entries()) {
    await db
      .updateTable('store')
      .set({ name })
      .where('id', '=', Number(ids[i + 1].id))
      .execute();
  }
  const rows = await db.selectFrom('store').select(['id', 'name']).where('company_id', '=', 1).execute();
  stores = rows.map((r) => ({ id: Number(r.id), name: r.name }));
});
afterAll(async () => f?.t.close());

async function workbookOf(body: Buffer) {
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(body as unknown as ArrayBuffer);
  return wb;
}

const post = (who: 'company' | 'store' | 'staff', url: string, body: unknown) =>
  f.t.app.inject({
    method: 'POST',
    url,
    payload: body as object,
    headers: { authorization: `Bearer ${f.tokens[who]}` },
  });

/** The Summary sheet's store rows: store name -> its month's figures by header label. */
function summaryRows(ws: ExcelJS.Worksheet) {
  let header: string[] | null = null;
  const out = new Map<string, Record<string, number>>();
  ws.eachRow((row) => {
    const values = (row.values as unknown[]).slice(1);
    if (values[0] === 'Store') header = values.map(String);
    else if (header && values[0] === 'Total') header = null;
    else if (header && typeof values[0] === 'string' && values[0]) {
      const h = header;
      out.set(values[0], Object.fromEntries(h.slice(1).map((label, i) => [label, Number(values[i + 1] ?? 0)])));
    }
  });
  return out;
}

/** The store a store sheet is about: the value beside its 'Store' label. */
function sheetStore(ws: ExcelJS.Worksheet) {
  let name: unknown;
  ws.eachRow((row) => {
    if (row.getCell(1).value === 'Store' && name === undefined) name = row.getCell(2).value;
  });
  return name;
}

describe('company report', () => {
  it('gives a company user one workbook: a Summary row per store whose totals equal the store sheets and SQL', async () => {
    const res = await f.get('company', `/core-api/api/reports/company/1/report.xlsx?month=${f.month}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toMatch(
      /^attachment; filename="[A-Za-z0-9_-]+_company_report_\d{4}-\d{2}-\d{2}\.xlsx"$/,
    );
    const wb = await workbookOf(res.rawPayload);
    const names = wb.worksheets.map((w) => w.name);
    expect(names[0]).toBe('Summary');
    expect(names).toHaveLength(stores.length + 1);
    for (const name of renamed) expect(names).toContain(name);

    const summary = wb.getWorksheet('Summary')!;
    const rows = summaryRows(summary);
    expect([...rows.keys()].sort()).toEqual(stores.map((s) => s.name).sort());
    const total = sheetTotals(summary); // the last table's totals: By destination, the same month
    const sql1 = await rawSums(f.t, f.month, { company: 1 });
    expect(total['Weight (kg)']).toBeCloseTo(sql1.weight_kg, 2);
    expect(total['Donations']).toBe(sql1.n);
    expect(total['Money saved']).toBeUndefined();
    let kg = 0;
    let n = 0;
    for (const store of stores) {
      // A sheet name is cut to Excel's 31 characters; its 'Store' row names the store in full.
      const sheet = wb.worksheets.slice(1).find((w) => sheetStore(w) === store.name)!;
      expect(sheet.name).toBe(store.name.slice(0, 31));
      // Each store sheet: its Month table, then its YTD table; the Month total is the first 'Total' row.
      let monthTotal: Record<string, number> | null = null;
      let header: string[] = [];
      sheet.eachRow((row) => {
        const values = (row.values as unknown[]).slice(1);
        if (values.includes('Weight (kg)')) header = values.map(String);
        if (values[0] === 'Total' && !monthTotal) {
          monthTotal = {};
          header.forEach((label, j) => {
            const c = row.getCell(j + 1);
            const v = c.type === ExcelJS.ValueType.Formula ? c.result : c.value;
            if (typeof v === 'number') monthTotal![label] = v;
          });
        }
      });
      const own = await rawSums(f.t, f.month, { store: store.id });
      const summaryRow = rows.get(store.name)!;
      expect(summaryRow['Weight (kg)']).toBeCloseTo(own.weight_kg, 2);
      expect(summaryRow['Donations']).toBe(own.n);
      expect(monthTotal!['Weight (kg)'] ?? 0).toBeCloseTo(own.weight_kg, 2);
      kg += summaryRow['Weight (kg)'];
      n += summaryRow['Donations'];
    }
    expect(kg).toBeCloseTo(sql1.weight_kg, 2);
    expect(n).toBe(sql1.n);
  });

  it('gives a PDF with a summary and a page per store, every name readable in its own script', async () => {
    const res = await f.get('company', `/core-api/api/reports/company/1/report.pdf?month=${f.month}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    const text = pdfTextLines(res.rawPayload).join('\n');
    expect(text).toContain('Company report');
    expect(text).toContain(`Summary of ${stores.length} stores`);
    for (const s of stores) expect(text).toContain(s.name);
    // Its workbook has a Summary and a sheet per store, no raw rows: the pages do not promise them.
    expect(text).not.toContain('lists every donation');
    const pages = pdfTextLines(res.rawPayload).filter((l) => l === 'Monthly impact report').length;
    expect(pages).toBe(stores.length);
  });

  it('runs as a job with progress whose files are the same report', async () => {
    const started = await post('company', '/core-api/api/reports/company/1/report-jobs', { month: f.month });
    expect(started.statusCode).toBe(202);
    const job = started.json() as CompanyReportJob;
    expect(job.id).toMatch(/^company_report_1_\d{4}-\d{2}_\d+$/);
    expect(job.total).toBe(stores.length + 1);
    await f.t.ctx.jobRunner.idle();
    const done = (
      await f.get('company', `/core-api/api/reports/company-report-jobs/${job.id}`)
    ).json() as CompanyReportJob;
    expect(done).toMatchObject({ status: 'succeeded', processed: stores.length + 1, company_id: 1, month: f.month });
    expect(done.files?.xlsx).toMatch(/_company_report_.*\.xlsx$/);
    const xlsx = await f.get('company', `/core-api/api/reports/company-report-jobs/${job.id}/report.xlsx`);
    expect(xlsx.statusCode).toBe(200);
    const wb = await workbookOf(xlsx.rawPayload);
    expect(wb.worksheets).toHaveLength(stores.length + 1);
    const pdf = await f.get('company', `/core-api/api/reports/company-report-jobs/${job.id}/report.pdf`);
    expect(pdf.statusCode).toBe(200);
    const text = pdfTextLines(pdf.rawPayload).join('\n');
    for (const s of stores) expect(text).toContain(s.name);
    // Staff see the job too (client app, admin-style).
    expect((await f.get('staff', `/core-api/api/reports/company-report-jobs/${job.id}`)).statusCode).toBe(200);
  });

  it('refuses like a missing company: a store-only user, another company, a missing id; 400 for bad input', async () => {
    const db = f.t.database.db;
    const { storeId } = await foreignIds(f.t);
    const other = await db.selectFrom('store').select('company_id').where('id', '=', storeId).executeTakeFirstOrThrow();
    const missing = await f.get('company', '/core-api/api/reports/company/999999/report.xlsx');
    expect(missing.statusCode).toBe(404);
    for (const url of [
      `/core-api/api/reports/company/${other.company_id}/report.xlsx`,
      `/core-api/api/reports/company/${other.company_id}/report.pdf`,
    ]) {
      const res = await f.get('company', url);
      expect(res.statusCode).toBe(404);
      expect(res.json().message).toBe(missing.json().message.replace('999999', String(other.company_id)));
    }
    expect((await f.get('store', '/core-api/api/reports/company/1/report.xlsx')).statusCode).toBe(404);
    expect((await post('store', '/core-api/api/reports/company/1/report-jobs', {})).statusCode).toBe(404);
    const started = (
      await post('company', '/core-api/api/reports/company/1/report-jobs', {})
    ).json() as CompanyReportJob;
    await f.t.ctx.jobRunner.idle();
    expect((await f.get('store', `/core-api/api/reports/company-report-jobs/${started.id}`)).statusCode).toBe(404);
    expect(
      (await f.get('company', '/core-api/api/reports/company-report-jobs/company_report_1_2026-01_999')).statusCode,
    ).toBe(404);
    expect((await f.get('company', '/core-api/api/reports/company-report-jobs/x1')).statusCode).toBe(400);
    expect((await f.get('company', '/core-api/api/reports/company/1/report.xlsx?month=2026-13-01')).statusCode).toBe(
      400,
    );
    expect((await f.get('company', '/core-api/api/reports/company/1/report.pdf?month=1999-01-01')).statusCode).toBe(
      400,
    );
    expect((await post('company', '/core-api/api/reports/company/1/report-jobs', { month: 'May' })).statusCode).toBe(
      400,
    );
    expect((await f.get(null, '/core-api/api/reports/company/1/report.xlsx')).statusCode).toBe(401);
    const before = await sql<{ n: number }>`select count(*)::int as n from jobs where kind = 'company_report'`.execute(
      db,
    );
    expect(
      (await post('company', '/core-api/api/reports/company/1/report-jobs', { month: '2026-1-01' })).statusCode,
    ).toBe(400);
    const after = await sql<{ n: number }>`select count(*)::int as n from jobs where kind = 'company_report'`.execute(
      db,
    );
    expect(after.rows[0].n).toBe(before.rows[0].n);
  });

  it('answers a company of more than 50 stores with 409: its report is a job', async () => {
    const db = f.t.database.db;
    const { storeId } = await foreignIds(f.t);
    const other = await db.selectFrom('store').select('company_id').where('id', '=', storeId).executeTakeFirstOrThrow();
    const have = await db
      .selectFrom('store')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('company_id', '=', other.company_id)
      .executeTakeFirstOrThrow();
    await sql`insert into store (name, company_id, address, city, region, start_date)
      select 'Extra ' || g, company_id, address, city, region, start_date
      from store, generate_series(1, ${51 - Number(have.n)}::int) g where id = ${storeId}::int`.execute(db);
    const res = await f.get('staff', `/core-api/api/reports/company/${other.company_id}/report.xlsx`);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toMatch(/stores: its report is prepared as a job/);
  });
});
