import { Worker } from 'node:worker_threads';
import { DONATIONS_PAGE_MAX, reportDay, TOTALS_PAGE_MAX } from '@openrescue/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, signIn, type TestApp } from '../../test-support/test-app.js';
import { linkIds, linkTk } from '../../test-support/fixtures/public-links.js';

/**
 * Issue 32 item 3: a store's read-only link (the one printed on its poster) hammered by 8 clients with its heaviest
 * reads — the poster PDF over many months, the store's spreadsheet, its raw donation rows and daily totals at the
 * largest page asked — while a staff user's small reads stay quick. A real listening server and real HTTP.
 */
const HAMMER_CLIENTS = 8;
const HAMMER_MS = 8_000;
const SMALL_READ_P95_MS = 200;
/**
 * Enough history that the store's raw rows and daily totals are thousands of rows: on PostgreSQL the size `npm start`
 * seeds (120,000 donations, the network the issue measured); PGlite builds 40,000 (its seeding is slower).
 */
const DONATIONS = process.env.TEST_DATABASE_URL ? 120_000 : 40_000;

let t: TestApp;
let base = '';
let staff = '';
let link = '';
let store = 0;
let company = '';

beforeAll(async () => {
  t = await buildTestApp({}, { demo: DONATIONS });
  staff = (await signIn(t.app, 'staff@openrescue.test', 'demo-staff')).token;
  company = (await signIn(t.app, 'company@openrescue.test', 'demo-company')).token;
  const ids = await linkIds(t.database);
  store = ids.store;
  link = `Bearer ro.s_${store}.${await linkTk(t.app, staff, 'store', store)}`;
  base = await t.app.listen({ port: 0, host: '127.0.0.1' });
});
afterAll(async () => t?.close());

/** The first day of the month `back` months before this one (America/Vancouver). */
function monthBack(back: number): string {
  const [y, m] = reportDay().split('-').map(Number);
  const index = y * 12 + (m - 1) - back;
  return `${Math.floor(index / 12)}-${String((index % 12) + 1).padStart(2, '0')}-01`;
}

const pct = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))] ?? 0;
};

/**
 * The store link's heaviest reads: its poster PDF for a different month each time, over a century of months as an
 * attacker would vary them (so no cache answers them), the store's spreadsheet, its raw rows at the default page and
 * its daily totals at the largest page size asked.
 */
function heavyRequest(n: number): string {
  switch (n % 6) {
    case 0:
    case 2:
    case 4:
      return `/core-api/api/reports/poster/${store}.pdf?month=${monthBack((n * 37) % 1200)}`;
    case 1:
      return `/core-api/api/reports/monthly/store/${store}.xlsx?month=${monthBack(n % 60)}`;
    case 3:
      return `/core-api/api/retail/reports/donations?from_store_id=${store}&expand=from_store,from_company`;
    default:
      return (
        `/core-api/api/retail/reports/donation_totals?from_store_id=${store}&annotate=from_department_id,destination_id,receiver_id` +
        '&annotate_entry_time=date&annotate_metrics=true&page_size=10000'
      );
  }
}

/**
 * HAMMER_CLIENTS clients on a worker thread, each asking for the next of `urls` (round robin) until HAMMER_MS have
 * passed; a 429 is honoured briefly (50 ms), as a client that retries at once would be. Status 0: no answer.
 */
function runHammer(urls: string[], authorization: string) {
  const code = `
    const { parentPort, workerData: { urls, authorization, clients, ms } } = require('node:worker_threads');
    const statuses = {}; const heavyMs = []; let bytes = 0; let next = 0; const until = Date.now() + ms;
    const client = async () => {
      while (Date.now() < until) {
        const started = performance.now();
        let status = 0;
        try {
          const res = await fetch(urls[next++ % urls.length], { headers: { authorization } });
          bytes += (await res.arrayBuffer()).byteLength;
          status = res.status;
          if (status === 429 && !(Number(res.headers.get('retry-after')) > 0)) status = -429;
        } catch { status = 0; }
        heavyMs.push(performance.now() - started);
        statuses[status] = (statuses[status] || 0) + 1;
        if (status === 429) await new Promise((r) => setTimeout(r, 50));
      }
    };
    Promise.all(Array.from({ length: clients }, client)).then(() => parentPort.postMessage({ statuses, heavyMs, bytes }));
  `;
  return new Promise<{ statuses: Map<number, number>; heavyMs: number[]; bytes: number }>((resolve, reject) => {
    const worker = new Worker(code, {
      eval: true,
      workerData: { urls, authorization, clients: HAMMER_CLIENTS, ms: HAMMER_MS },
    });
    worker.once('message', (m: { statuses: Record<string, number>; heavyMs: number[]; bytes: number }) => {
      resolve({
        statuses: new Map(Object.entries(m.statuses).map(([k, v]) => [Number(k), v])),
        heavyMs: m.heavyMs,
        bytes: m.bytes,
      });
      void worker.terminate();
    });
    worker.once('error', reject);
  });
}

describe('heavy reads through a public link', () => {
  it(`${HAMMER_CLIENTS} clients hammering a store link leave a staff user's small reads under ${SMALL_READ_P95_MS} ms p95`, async () => {
    const small = `${base}/core-api/api/reports/stores/${store}`;
    const warm = await fetch(small, { headers: { authorization: `Bearer ${staff}` } });
    expect(warm.status).toBe(200);
    // Warm up what a first request loads (the PDF and spreadsheet libraries, the render thread).
    for (let n = 0; n < 6; n += 1)
      await (await fetch(`${base}${heavyRequest(n)}`, { headers: { authorization: link } })).arrayBuffer();
    const quiet: number[] = [];
    for (let n = 0; n < 20; n += 1) {
      const started = performance.now();
      await (await fetch(small, { headers: { authorization: `Bearer ${staff}` } })).arrayBuffer();
      quiet.push(performance.now() - started);
    }

    // The 8 clients run on a thread of their own, as an attacker's machine would: their reading of the answers is not
    // this server's work.
    const hammer = runHammer(
      Array.from({ length: 1200 }, (_, n) => `${base}${heavyRequest(n + 6)}`),
      link,
    );
    const smallMs: number[] = [];
    const smallStatuses = new Set<number>();
    const until = Date.now() + HAMMER_MS;
    const reads = (async () => {
      await new Promise((r) => setTimeout(r, 500));
      while (Date.now() < until) {
        const started = performance.now();
        const res = await fetch(small, { headers: { authorization: `Bearer ${staff}` } });
        await res.arrayBuffer();
        smallMs.push(performance.now() - started);
        smallStatuses.add(res.status);
        await new Promise((r) => setTimeout(r, 40));
      }
    })();
    const [{ statuses, heavyMs, bytes }] = await Promise.all([hammer, reads]);

    const engine = process.env.TEST_DATABASE_URL ? 'PostgreSQL' : 'PGlite';
    console.log(
      `heavy reads (${engine}): ${heavyMs.length} heavy requests by ${HAMMER_CLIENTS} clients in ${HAMMER_MS / 1000} s ` +
        `(${[...statuses].map(([s, n]) => `${n} x ${s}`).join(', ')}; ${(bytes / 1e6).toFixed(1)} MB; p50 ${pct(heavyMs, 0.5).toFixed(0)} ms); ` +
        `staff small reads: ${smallMs.length}, p50 ${pct(smallMs, 0.5).toFixed(0)} ms, p95 ${pct(smallMs, 0.95).toFixed(0)} ms, ` +
        `max ${Math.max(...smallMs).toFixed(0)} ms (quiet: p50 ${pct(quiet, 0.5).toFixed(0)} ms, p95 ${pct(quiet, 0.95).toFixed(0)} ms)`,
    );
    expect([...smallStatuses]).toEqual([200]);
    expect(smallMs.length).toBeGreaterThan(20);
    expect(pct(smallMs, 0.95)).toBeLessThan(SMALL_READ_P95_MS);
    // Nothing failed: every heavy answer is an answer, a refusal to hold more at once (429), or none is a 5xx.
    expect([...statuses.keys()].filter((s) => s >= 500 || s === 0)).toEqual([]);
  });

  it('serves raw rows and totals in bounded pages, and the next link reads the rest', async () => {
    const as = (token: string) => ({ headers: { authorization: `Bearer ${token}` } });
    // The spec's client asks for limit=40000; the issue measured 40,000 rows, 9.6 MB, 4.3 s for the company user.
    let started = performance.now();
    const res = await fetch(
      `${base}/core-api/api/retail/reports/donations?expand=from_store,from_company&limit=40000`,
      as(company),
    );
    const text = await res.text();
    const ms = performance.now() - started;
    expect(res.status).toBe(200);
    const page = JSON.parse(text) as { count: number; next: string | null; results: unknown[] };
    console.log(
      `raw donations, company user, limit=40000: ${page.results.length} of ${page.count} rows, ` +
        `${(text.length / 1e6).toFixed(2)} MB, ${ms.toFixed(0)} ms`,
    );
    expect(page.results.length).toBeLessThanOrEqual(DONATIONS_PAGE_MAX);
    expect(page.count).toBeGreaterThan(DONATIONS_PAGE_MAX);
    expect(page.next).toContain(`offset=${DONATIONS_PAGE_MAX}`);
    const second = (await (await fetch(`${base}${page.next}`, as(company))).json()) as {
      results: Array<{ id: number }>;
    };
    expect(second.results).toHaveLength(DONATIONS_PAGE_MAX);
    expect(new Set([...page.results, ...second.results].map((r) => (r as { id: number }).id)).size).toBe(
      2 * DONATIONS_PAGE_MAX,
    );

    started = performance.now();
    const daily =
      `${base}/core-api/api/retail/reports/donation_totals?annotate=from_department_id,destination_id,receiver_id` +
      '&annotate_entry_time=date&page_size=10000';
    const totals = (await (await fetch(daily, as(company))).json()) as {
      count: number;
      next: string | null;
      results: unknown[];
    };
    console.log(
      `daily totals, company user, page_size=10000: ${totals.results.length} of ${totals.count} rows, ${(performance.now() - started).toFixed(0)} ms`,
    );
    expect(totals.results.length).toBeLessThanOrEqual(TOTALS_PAGE_MAX);
    if (totals.count > TOTALS_PAGE_MAX) expect(totals.next).toContain('page=2');
  });

  it('bounds the month of a poster or report to a real month in range (400 otherwise)', async () => {
    const as = { headers: { authorization: link } };
    const current = `${reportDay().slice(0, 7)}-01`;
    const future = monthBack(-1);
    for (const month of ['2099-01-01', '1901-01-01', future, monthBack(61)]) {
      for (const url of [
        `/core-api/api/reports/poster/${store}.pdf`,
        `/core-api/api/reports/poster/${store}`,
        `/core-api/api/reports/monthly/store/${store}`,
      ]) {
        const res = await fetch(`${base}${url}?month=${month}`, as);
        expect(res.status, `${url} ${month}`).toBe(400);
        expect(await res.json()).toMatchObject({
          type: 'validation_error',
          detail: expect.stringContaining('out of range'),
        });
      }
    }
    expect((await fetch(`${base}/core-api/api/reports/poster/${store}?month=${current}`, as)).status).toBe(200);
    expect((await fetch(`${base}/core-api/api/reports/poster/${store}?month=${monthBack(60)}`, as)).status).toBe(200);
  });

  it('refuses a link more downloads at once than its share with 429 and Retry-After', async () => {
    const answers = await Promise.all(
      [3, 5, 7, 9].map((back) =>
        fetch(`${base}/core-api/api/reports/monthly/store/${store}.xlsx?month=${monthBack(back)}`, {
          headers: { authorization: link },
        }),
      ),
    );
    const statuses = answers.map((r) => r.status).sort();
    expect(statuses).toContain(200);
    expect(statuses).toContain(429);
    const refused = answers.find((r) => r.status === 429)!;
    expect(refused.headers.get('retry-after')).toBe('1');
    expect(await refused.json()).toMatchObject({ type: 'rate_limited', detail: 'too many concurrent requests' });
  });
});
