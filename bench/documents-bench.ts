/**
 * How long do the documents take? Usage: npx tsx bench/documents-bench.ts [--runs 5]
 * 1. The builders alone: the 40,000-row monthly report spreadsheet (streamed, bytes counted) and the poster PDF
 *    (first render in a fresh process, then rendering with the cache cleared, then a cached repeat).
 * 2. End to end through the real app on in-memory PGlite: one receiver gets 40,000 donations in one month, then
 *    GET .../monthly/receiver/{id}.xlsx (query, build on the download thread, send) and the JSON, and GET .../poster/{id}.pdf.
 */
import { PassThrough } from 'node:stream';
import { parseArgs } from 'node:util';
import { sql } from 'kysely';
import { clearPosterCache, renderPosterPdf } from '../apps/server/src/documents/pdf/poster-pdf.js';
import { sampleMonthlyReport, samplePoster } from '../apps/server/src/test-support/documents/sample-documents.js';
import { writeMonthlyReportXlsx } from '../apps/server/src/documents/xlsx/monthly-report-xlsx.js';
import { recordFigures } from './lib/figures.js';

const { values } = parseArgs({ options: { runs: { type: 'string', default: '5' } } });
const runs = Number(values.runs);
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const fmt = (xs: number[]) => `median ${median(xs).toFixed(0)} ms (${xs.map((x) => x.toFixed(0)).join(', ')})`;

async function time<T>(work: () => Promise<T>): Promise<[number, T]> {
  const started = performance.now();
  const result = await work();
  return [performance.now() - started, result];
}

async function builders() {
  const pdfOptions = { productName: 'OpenRescue', aboutUrl: 'http://localhost:8080/public/about-the-numbers' };
  const [firstPdf] = await time(() => renderPosterPdf(samplePoster(), pdfOptions));
  const pdfRuns: number[] = [];
  const cachedRuns: number[] = [];
  for (let i = 0; i < runs; i++) {
    clearPosterCache();
    pdfRuns.push((await time(() => renderPosterPdf(samplePoster(`Harvest Valley Store ${i}`), pdfOptions)))[0]);
    cachedRuns.push((await time(() => renderPosterPdf(samplePoster(`Harvest Valley Store ${i}`), pdfOptions)))[0]);
  }
  const report = sampleMonthlyReport(40_000);
  const xlsxRuns: number[] = [];
  let bytes = 0;
  for (let i = 0; i < runs + 1; i++) {
    const out = new PassThrough();
    bytes = 0;
    out.on('data', (c: Buffer) => (bytes += c.length));
    const [ms] = await time(() => writeMonthlyReportXlsx(report, out, { productName: 'OpenRescue' }));
    xlsxRuns.push(ms);
  }
  console.log(`poster PDF first render (fresh process): ${firstPdf.toFixed(0)} ms`);
  console.log(`poster PDF render, cache cleared: ${fmt(pdfRuns)}`);
  console.log(`poster PDF repeat (cached): ${fmt(cachedRuns)}`);
  const group = 'Documents (xlsx and PDF rendering)';
  recordFigures([
    {
      group,
      name: 'poster PDF render, cache cleared',
      unit: 'ms',
      samples: pdfRuns,
      compare: { name: 'first render in a fresh process', samples: [firstPdf] },
      target: { op: '<=', value: 1000 },
    },
    { group, name: 'poster PDF repeat (cached)', unit: 'ms', samples: cachedRuns },
    {
      group,
      name: 'xlsx builder, 40,000 raw rows',
      unit: 'ms',
      samples: xlsxRuns.slice(1),
      compare: { name: 'first build', samples: xlsxRuns.slice(0, 1) },
      target: { op: '<=', value: 2000 },
    },
  ]);
  console.log(
    `xlsx 40,000 raw rows, first: ${xlsxRuns[0].toFixed(0)} ms; then ${fmt(xlsxRuns.slice(1))}; ${(bytes / 1e6).toFixed(2)} MB`,
  );
}

async function endToEnd() {
  const { buildTestApp, signIn } = await import('../apps/server/src/test-support/test-app.js');
  const { prepareDemo } = await import('../apps/server/src/demo-setup.js');
  const t = await buildTestApp();
  await prepareDemo(t.ctx, 2000, () => {});
  const month = '2026-09-01';
  const db = t.database.db;
  // 40,000 donations for receiver 1 from the stores that serve it, spread over September (America/Vancouver).
  await sql`insert into donation (entry_time, destination_id, company_id, store_id, receiver_id, department_id,
      weight_kg, meals_provided, food_rescued_kg, co2_emissions_kg, money_saved, impact_factor_version, source)
    select (${month}::date::timestamp at time zone 'America/Vancouver') + (g * interval '64 seconds'),
      1, s.company_id, s.id, 1, 1 + g % 7, w, round(w / 0.544, 2), w, round(w * 3.36, 3), round(w * 0.175, 2), 1, 'import'
    from generate_series(1, 40000) g
    cross join lateral (select round((5 + (g % 97) / 10.0)::numeric, 3) as w) x
    join lateral (select st.id, st.company_id from store st order by st.id offset (g % 5) limit 1) s on true`.execute(
    db,
  );
  await sql`select refresh_donation_monthly(${month}::date, ${month}::date)`.execute(db);
  const { token } = await signIn(t.app, 'staff@openrescue.test', 'demo-staff');
  // The bulk insert and rollup refresh above keep this process's event loop busy; load shedding (event-loop delay over
  // 1 s, plugins/load-shedding.ts) answered the first GET with a 503 once. Let the delay figure settle first.
  await new Promise((resolve) => setTimeout(resolve, 2000));
  const get = (url: string) => t.app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${token}` } });
  const xlsx: number[] = [];
  const json: number[] = [];
  const pdf: number[] = [];
  for (let i = 0; i < runs + 1; i++) {
    const [a, res] = await time(() => get(`/core-api/api/reports/monthly/receiver/1.xlsx?month=${month}`));
    if (res.statusCode !== 200) throw new Error(`xlsx ${res.statusCode}: ${res.body.slice(0, 300)}`);
    xlsx.push(a);
    json.push((await time(() => get(`/core-api/api/reports/monthly/receiver/1?month=${month}`)))[0]);
    clearPosterCache();
    pdf.push((await time(() => get(`/core-api/api/reports/poster/${1 + i}.pdf?month=${month}`)))[0]);
  }
  const group = 'Documents (xlsx and PDF rendering)';
  recordFigures([
    {
      group,
      name: 'GET receiver report .xlsx, 40,000 raw rows (query + build on the download thread + send, PGlite)',
      unit: 'ms',
      samples: xlsx.slice(1),
      compare: { name: 'the same report as JSON', samples: json.slice(1) },
      target: { op: '<=', value: 2000 },
    },
    {
      group,
      name: 'GET poster .pdf (query + render, cache cleared)',
      unit: 'ms',
      samples: pdf.slice(1),
      target: { op: '<=', value: 1000 },
    },
  ]);
  console.log(
    `GET receiver .xlsx, 40,000 raw rows (query + build + send): first ${xlsx[0].toFixed(0)} ms; then ${fmt(xlsx.slice(1))}`,
  );
  console.log(`GET receiver JSON, 40,000 raw rows: first ${json[0].toFixed(0)} ms; then ${fmt(json.slice(1))}`);
  console.log(
    `GET poster .pdf (query + render, cache cleared): first ${pdf[0].toFixed(0)} ms; then ${fmt(pdf.slice(1))}`,
  );
  await t.close();
}

await builders();
await endToEnd();
