import { writeFileSync } from 'node:fs';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Poster } from '@openrescue/shared';
import { pdfTextLines } from '../../test-support/documents/pdf-text.js';
import { decodeQrCodes } from '../../test-support/documents/qr-decode.js';
import {
  type DocumentsFixture,
  foreignIds,
  rawSums,
  sameAsMissing,
  setUpDocuments,
} from '../../test-support/fixtures/documents.js';

let f: DocumentsFixture;
beforeAll(async () => {
  f = await setUpDocuments();
});
afterAll(async () => f?.t.close());

const url = (id: number | string, month?: string, ext = '') =>
  `/core-api/api/reports/poster/${id}${ext}${month ? `?month=${month}` : ''}`;

describe('store poster', () => {
  it('gives N, the month and since-start figures, the brand logo and the public report link', async () => {
    const res = await f.get('store', url(1, f.month));
    expect(res.statusCode).toBe(200);
    const p = res.json() as Poster;
    expect(p.store).toMatchObject({ id: 1, company: 'Harvest Valley Foods' });
    expect(p.logo.key).toBe('harvest-valley');
    expect(p.logo.paths.length).toBeGreaterThan(0);

    const { rows } = await sql<{
      n: number;
      s: number;
    }>`select count(*)::int as n, sum(r.nr_supported_charities)::int as s
      from store_receiver sr join receiver r on r.id = sr.receiver_id where sr.store_id = 1`.execute(f.t.database.db);
    expect(p.supported_count).toBe(rows[0].s > 0 ? rows[0].s : rows[0].n);

    const month = await rawSums(f.t, f.month, { store: 1 });
    expect(p.last_month.weight_kg).toBeCloseTo(month.weight_kg, 3);
    expect(p.last_month.meals_provided).toBeCloseTo(month.meals_provided, 2);
    expect(p.last_month.weight_lb).toBe(Math.ceil(p.last_month.weight_kg * 2.20462));

    const since = await sql<{
      kg: number;
    }>`select coalesce(sum(weight_kg), 0)::float8 as kg from donation where store_id = 1
      and entry_time < ((${f.month}::date + interval '1 month')::timestamp at time zone 'America/Vancouver')`.execute(
      f.t.database.db,
    );
    expect(p.since_start.weight_kg).toBeCloseTo(since.rows[0].kg, 3);
    // "Since" is the store's first recorded donation (Vancouver day), not its start_date (decision 0058).
    const first = await sql<{ day: string }>`select to_char(min(entry_time) at time zone 'America/Vancouver',
      'YYYY-MM-DD') as day from donation where store_id = 1`.execute(f.t.database.db);
    expect(p.since_start.from).toBe(first.rows[0].day);
    expect(p.since_start.from).not.toBe(p.store.start_date);
    expect(p.since_start.weight_kg).toBeGreaterThanOrEqual(p.last_month.weight_kg);

    // The poster's own short link (issue 34, decision 0050): a version 3 QR code, not the 53 x 53 of a signed link.
    expect(p.public_report_url).toMatch(/^http:\/\/localhost:8080\/p\/[0-9a-z]{12}$/);
    expect(p.qr.size).toBe(29);
    expect(p.pdf_filename).toBe(`poster_${p.month_end}.pdf`);
    expect(p.impact_factor_version).toBe(1);
  });

  it('renders a vector A4-landscape PDF with the store name and the hero sentence as text', async () => {
    const p = (await f.get('company', url(1, f.month))).json() as Poster;
    const res = await f.get('company', url(1, f.month, '.pdf'));
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toBe(`attachment; filename="poster_${p.month_end}.pdf"`);
    const pdf = res.rawPayload;
    if (process.env.POSTER_PDF_OUT) writeFileSync(process.env.POSTER_PDF_OUT, pdf);
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    const box = /\/MediaBox \[0 0 ([\d.]+) ([\d.]+)\]/.exec(pdf.toString('latin1'));
    expect(Number(box![1])).toBeCloseTo(841.89, 1);
    expect(Number(box![2])).toBeCloseTo(595.28, 1);
    expect(pdf.toString('latin1').match(/\/Type \/Page\b/g)).toHaveLength(1);
    expect(pdf.toString('latin1')).not.toMatch(/\/Subtype\s*\/Image/);
    // Lines joined with spaces: pdftotext gives the note's wrapped lines as they are printed.
    const text = pdfTextLines(pdf).join(' ');
    expect(text).toContain(p.store.name);
    expect(text).toContain('is a FOOD RESCUE HERO');
    expect(text).toContain(
      `for donating its unsold food to ${p.supported_count} charity and/or farmers in our community`,
    );
    expect(text).toContain(`Impact factors version ${p.impact_factor_version}`);
    // An independent reader (poppler renders, zbar decodes) reads the QR code from a 100 dpi print.
    expect(decodeQrCodes(pdf, 100)).toEqual([p.public_report_url]);
  });

  it("answers another company's store like a missing one; bad months are a 400", async () => {
    const { storeId } = await foreignIds(f.t);
    const other = await f.get('company', url(storeId, f.month));
    const missing = await f.get('company', url(999_999, f.month));
    expect(other.statusCode).toBe(404);
    expect(other.json()).toEqual(sameAsMissing(missing.json(), storeId));
    expect((await f.get('company', url(storeId, f.month, '.pdf'))).statusCode).toBe(404);
    expect((await f.get('store', url(2, f.month))).statusCode).toBe(404);
    expect((await f.get('staff', url(storeId, f.month))).statusCode).toBe(200);
    expect((await f.get('pending', url(1, f.month))).statusCode).toBe(403);
    expect((await f.get('staff', url(1, '2026-10-15'))).statusCode).toBe(400);
    expect((await f.get('staff', url(1, '2026-10-15', '.pdf'))).statusCode).toBe(400);
  });

  it('renders a repeated poster quickly (built-in fonts, cached by content)', async () => {
    const started = performance.now();
    for (let i = 0; i < 3; i++) expect((await f.get('staff', url(3, f.month, '.pdf'))).statusCode).toBe(200);
    expect((performance.now() - started) / 3).toBeLessThan(1000);
  });
});
