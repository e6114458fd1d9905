import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureAccount } from '../auth/accounts.js';
import { DEMO_ACCOUNTS } from '../demo-accounts.js';
import { readAllPages } from '../test-support/pages.js';
import { buildTestApp, signIn } from '../test-support/test-app.js';
import { buildMatrixFixture, type MatrixFixture, type View } from '../test-support/security/authorization-fixture.js';
import {
  AUTHORIZATION_MATRIX,
  type Cell,
  KNOWN_GAPS,
  PRINCIPALS,
  type PrincipalName,
} from '../test-support/security/authorization-matrix.js';
import {
  companyIds,
  donationIds,
  monthlyTotals,
  receiverIds,
  receiverMonth,
  servingStoreIds,
  storeIds,
} from '../test-support/security/authorization-reference.js';
import {
  coverage,
  expectedOutcome,
  headOutcome,
  type MatrixProbe,
  matrixProbes,
  send,
  type Sent,
  targetKinds,
} from '../test-support/security/authorization-runner.js';

let f: MatrixFixture;
const sent: Sent[] = [];
const differs = (s: Sent) => s.expected === undefined || s.actual !== s.expected;
const isKnownGap = (s: Sent) => KNOWN_GAPS.some((gap) => gap.principal === s.principal);
const isMismatch = (s: Sent) => differs(s) && !isKnownGap(s);
const explain = (s: Sent) =>
  `${s.method} ${s.url} as ${s.principal} (${s.target}): expected ${s.expected ?? '(no cell in the table)'}, ` +
  `got ${s.status} ${s.body.replace(/\s+/g, ' ').slice(0, 160)}`;

beforeAll(async () => {
  f = await buildMatrixFixture();
});
afterAll(async () => {
  const mismatches = sent.filter(isMismatch).length;
  const known = sent.filter((s) => differs(s) && isKnownGap(s)).length;
  const gaps = known ? ` (known gaps: ${known} answers as ${KNOWN_GAPS.map((g) => g.principal).join(', ')})` : '';
  console.log(`authorization matrix: ${sent.length.toLocaleString('en-US')} requests, ${mismatches} mismatches${gaps}`);
  await f?.t.close();
});

/** Every cell of these rows: each principal, each target; a GET row's HEAD too. Reads ask as a row's principals at once. */
async function run(probes: MatrixProbe[], { parallel }: { parallel: boolean }): Promise<Sent[]> {
  const out: Sent[] = [];
  for (const mp of probes) {
    const headRow = mp.route.replace(/^GET /, 'HEAD ');
    const access = f.t.routes.find((r) => `${r.method} ${r.url}` === mp.route)?.options.config?.access;
    const cells = async (principal: PrincipalName) => {
      const mine: Sent[] = [];
      for (const target of targetKinds(mp.probe)) {
        const expected = expectedOutcome(mp.probe.expect[principal], target);
        mine.push(await send(f, mp, mp.method, principal, target, expected));
        if (mp.method === 'GET' && !(headRow in AUTHORIZATION_MATRIX)) {
          mine.push(await send(f, mp, 'HEAD', principal, target, headOutcome(expected, principal, access)));
        }
      }
      return mine;
    };
    if (parallel) out.push(...(await Promise.all(PRINCIPALS.map(cells))).flat());
    else for (const principal of PRINCIPALS) out.push(...(await cells(principal)));
  }
  sent.push(...out);
  return out;
}

const lastDay = (month: string) =>
  String(new Date(Date.UTC(Number(month.slice(0, 4)), Number(month.slice(5, 7)), 0)).getUTCDate());
const normalised = (s: Sent) =>
  s.id === undefined ? s.body : s.body.replace(new RegExp(`\\b${s.id}\\b`, 'g'), '{id}');

describe('authorization matrix (issue 9)', () => {
  it('has a row for every registered route and none for a route that does not exist', () => {
    expect(f.t.routes.length).toBeGreaterThan(50);
    expect(coverage(f.t.routes)).toEqual({ missing: [], stale: [] });
  });

  it('answers every read as the table says', async () => {
    const reads = await run(
      matrixProbes().filter((mp) => !mp.probe.write),
      { parallel: true },
    );
    expect(reads.length).toBeGreaterThan(1000);
    // Joined, so a failure prints every mismatch rather than "[ …(4) ]".
    expect(reads.filter(isMismatch).map(explain).join('\n')).toBe('');
  });

  it.each(KNOWN_GAPS)(
    'still shows the known gap of $principal (drop it from KNOWN_GAPS once fixed)',
    ({ principal }) => {
      const shown = sent.filter((s) => s.principal === principal && differs(s));
      expect(shown.length, 'this gap no longer shows: remove it from KNOWN_GAPS').toBeGreaterThan(0);
    },
  );

  it("answers another tenant's object exactly like a missing one", () => {
    const gets = sent.filter(
      (s) => s.method === 'GET' && s.target !== 'none' && s.expected !== '2xx' && !isKnownGap(s),
    );
    const cellOf = (s: Sent) => `${s.route}|${s.source.probe.url ?? ''}|${s.principal}`;
    const missing = new Map(gets.filter((s) => s.target === 'missing').map((s) => [cellOf(s), s]));
    const differences: string[] = [];
    let compared = 0;
    for (const s of gets) {
      if (s.target === 'missing') continue;
      const twin = missing.get(cellOf(s));
      if (!twin || twin.expected !== s.expected) continue;
      compared += 1;
      if (twin.status !== s.status || normalised(twin) !== normalised(s)) {
        differences.push(
          `${s.url} as ${s.principal}: ${s.status} ${normalised(s)} but missing gives ${twin.status} ${normalised(twin)}`,
        );
      }
    }
    expect(compared).toBeGreaterThan(100);
    expect(differences).toEqual([]);
  });

  describe('totals and lists equal a reference over the rows each principal may see', () => {
    const viewers = () => Object.entries(f.views) as [PrincipalName, View][];
    const get = async (who: PrincipalName, url: string) => {
      const res = await f.t.app.inject({ method: 'GET', url, headers: f.headers[who] });
      expect(res.statusCode, `${url} as ${who}: ${res.body}`).toBe(200);
      return res.json();
    };
    const db = () => f.t.database.db;

    it('the dashboard chart (donation_totals by month, every metric)', async () => {
      for (const [who, view] of viewers()) {
        const chart = 'annotate_entry_time=date-month&annotate_metrics=true&page_size=10000';
        const body = await get(who, `/core-api/api/retail/reports/donation_totals?${chart}`);
        const reference = await monthlyTotals(db(), view);
        expect(reference.length, who).toBeGreaterThan(0);
        expect(body.results, who).toEqual(reference);
      }
    });

    it('the raw donation rows', async () => {
      for (const [who, view] of viewers()) {
        // Pages of at most 1,000 rows (decision 0041), followed through `next`.
        const { body } = await readAllPages<{ id: number }>(
          f.t.app,
          '/core-api/api/retail/reports/donations?limit=40000',
          f.headers[who],
        );
        const ids = body.results.map((r) => r.id).sort((a, b) => a - b);
        expect({ count: body.count, ids }, who).toEqual({ count: ids.length, ids: await donationIds(db(), view) });
      }
    });

    it('the store, receiver and company lists', async () => {
      const ids = (rows: { id: number }[]) => rows.map((r) => r.id).sort((a, b) => a - b);
      for (const [who, view] of viewers()) {
        if (who.startsWith('link-')) continue; // links open no lists (the matrix checks their 403)
        const stores = await get(who, '/core-api/api/stores?page_size=10000');
        const reference = await storeIds(db(), view);
        expect({ count: stores.count, ids: ids(stores.results) }, `stores as ${who}`).toEqual({
          count: reference.length,
          ids: reference,
        });
        const retail = await get(who, '/core-api/api/retail/stores?page_size=10000');
        expect(ids(retail.results), `retail stores as ${who}`).toEqual(reference);
        const receivers = await get(who, '/core-api/api/receivers?page_size=10000');
        const seen = await receiverIds(db(), view);
        expect({ count: receivers.count, ids: ids(receivers.results) }, `receivers as ${who}`).toEqual({
          count: seen.length,
          ids: seen,
        });
        const companies = await get(who, '/core-api/api/companies?page_size=10000');
        expect(ids(companies.data), `companies as ${who}`).toEqual(await companyIds(db(), view));
      }
    });

    it('a receiver two companies serve: each viewer gets its own share, in totals, the monthly report and its stores', async () => {
      const { receiverId, month } = f.shared;
      const shares: number[] = [];
      for (const who of ['staff', 'company-a', 'company-b', 'store'] as const) {
        const view = f.views[who]!;
        const reference = await receiverMonth(db(), view, receiverId, month);
        expect(reference.count, who).toBeGreaterThan(0);
        shares.push(reference.count);
        const report = await get(who, `/core-api/api/reports/monthly/receiver/${receiverId}?month=${month}`);
        expect({ rows: report.raw_data.count, donations: report.month.totals.donation_count }, who).toEqual({
          rows: reference.count,
          donations: reference.count,
        });
        expect(report.month.totals.weight_kg, who).toBeCloseTo(reference.weight, 1);
        const interval = `entry_time__gte=${month}&entry_time__lte=${month.slice(0, 8)}${lastDay(month)}`;
        const totals = await get(
          who,
          `/core-api/api/retail/reports/donation_totals?receiver_id=${receiverId}&${interval}`,
        );
        expect(totals.results[0].weight_kg__sum, who).toBeCloseTo(reference.weight, 6);
        const serving = await servingStoreIds(db(), view, receiverId);
        expect(serving.length, who).toBeGreaterThan(0);
        const header = await get(who, `/core-api/api/reports/receivers/${receiverId}`);
        const listed = await get(who, `/core-api/api/retail/receivers?id=${receiverId}&expand=store_set`);
        const ids = (set: (number | { id: number })[]) =>
          set.map((x) => (typeof x === 'number' ? x : x.id)).sort((a, b) => a - b);
        expect({ header: ids(header.store_set), listed: ids(listed.results[0].store_set) }, who).toEqual({
          header: serving,
          listed: serving,
        });
      }
      expect(shares[1] + shares[2], 'company shares add up to at most the whole').toBeLessThanOrEqual(shares[0]);
    });
  });

  it('in production, opens the OpenAPI pages to staff only', async () => {
    const prod = await buildTestApp({ NODE_ENV: 'production' });
    try {
      const headers: Partial<MatrixFixture['headers']> = { anonymous: {} };
      for (const who of ['pending', 'staff'] as const) {
        const account = DEMO_ACCOUNTS.find((a) => a.key === who)!;
        await ensureAccount(prod.ctx.auth, account);
        const session = await signIn(prod.app, account.email, account.password);
        headers[who] = { authorization: `Bearer ${session.token}` };
      }
      const out: Sent[] = [];
      for (const mp of matrixProbes().filter((p) => p.probe.production)) {
        for (const [who, cell] of Object.entries(mp.probe.production!) as [PrincipalName, Cell][]) {
          const expected = expectedOutcome(cell, 'none');
          for (const method of ['GET', 'HEAD']) {
            const app = { ...f, t: prod, headers: headers as MatrixFixture['headers'] };
            out.push(await send(app, mp, method, who, 'none', expected));
          }
        }
      }
      sent.push(...out);
      expect(out.length).toBeGreaterThan(20);
      expect(out.filter(isMismatch).map(explain)).toEqual([]);
    } finally {
      await prod.close();
    }
  });

  it('answers every write as the table says (after the reads and totals)', async () => {
    const writes = await run(
      matrixProbes().filter((mp) => mp.probe.write),
      { parallel: false },
    );
    expect(writes.filter(isMismatch).map(explain)).toEqual([]);
  });
});
