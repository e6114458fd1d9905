import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, expect, it } from 'vitest';
// @ts-expect-error plain ESM script without types
import { startPostgres } from '../../../../scripts/pg-server.mjs';
import { accessToken, type ServerProcess, startServer } from '../test-support/processes/server-process.js';
import { item } from '../test-support/fixtures/retail.js';
import { DASHBOARD_TOTALS, linkedStore, STORES_PAGE } from '../test-support/load/demo-requests.js';
import { percentile, steadyLoad, type LoadRequest } from '../test-support/load/steady-load.js';

/**
 * Suite 6 of issue 9: PostgreSQL stopped and started again (fast, then immediate) under 100 requests/s of mixed
 * load. While it is down the API answers 503 with Retry-After (never a 500, never silence); it recovers within 5 s of
 * the database; no acknowledged write is lost. The server keeps PostgreSQL's durability settings (fsync and
 * synchronous commit on).
 */
const RATE = 100;
const DOWN_MS = 3000;

const dir = mkdtempSync(join(tmpdir(), 'openrescue-pg-restart-'));
const database = startPostgres(undefined, { durable: true }) as {
  url: string;
  halt(mode: 'fast' | 'immediate'): Promise<void>;
  resume(): Promise<void>;
  stop(): void;
};
let server: ServerProcess | null = null;
afterAll(async () => {
  await server?.stop('SIGKILL');
  database.stop();
  rmSync(dir, { recursive: true, force: true });
});

it('PostgreSQL restarted fast and immediate under 100 requests/s: 503 with Retry-After while down, back within 5 s, no acknowledged write lost', async () => {
  server = await startServer(
    { DATA_DIR: dir, DATABASE_URL: database.url, DEMO_DONATIONS: '2000', ACCESS_TOKEN_TTL_SECONDS: '3600' },
    300_000,
  );
  const base = server.base;
  const staff = await accessToken(base, 'staff@openrescue.test', 'demo-staff');
  const company = await accessToken(base, 'company@openrescue.test', 'demo-company');
  const target = await linkedStore(base, staff);

  const json = (token: string) => ({ authorization: `Bearer ${token}`, accept: 'application/json' });
  const next = (i: number): LoadRequest => {
    if (i % 10 < 7) return { name: 'dashboard', path: DASHBOARD_TOTALS, init: { headers: json(company) } };
    if (i % 10 < 9) return { name: 'stores', path: STORES_PAGE, init: { headers: json(staff) } };
    const key = `pg-restart-${i}`;
    const body = [item(target, { weight_kg: 1 + (i % 999) })];
    return {
      name: 'write',
      path: '/core-api/api/bulkscan/',
      note: key,
      init: {
        method: 'POST',
        headers: { ...json(staff), 'content-type': 'application/json', 'idempotency-key': key },
        body: JSON.stringify(body),
      },
    };
  };

  const windows: Array<{ mode: string; down: number; up: number }> = [];
  const began = performance.now();
  const at = (ms: number) => new Promise((r) => setTimeout(r, ms - (performance.now() - began)));
  const restarts = (async () => {
    for (const [mode, when] of [
      ['fast', 6000],
      ['immediate', 18_000],
    ] as const) {
      await at(when);
      const down = performance.now() - began;
      await database.halt(mode);
      await new Promise((r) => setTimeout(r, DOWN_MS));
      await database.resume();
      windows.push({ mode, down, up: performance.now() - began });
    }
  })();
  const outcomes = await steadyLoad(base, RATE, 30_000, next);
  await restarts;

  const failures = outcomes.filter(
    (o) => o.status === 0 || (o.status >= 500 && o.status !== 503) || (o.status >= 400 && o.status < 500),
  );
  const unavailable = outcomes.filter((o) => o.status === 503);
  const timeline = new Map<number, Record<number, number>>();
  for (const o of outcomes) {
    const second = Math.floor(o.sentAt / 1000);
    const counts = timeline.get(second) ?? {};
    counts[o.status] = (counts[o.status] ?? 0) + 1;
    timeline.set(second, counts);
  }
  const story = [...timeline].map(([second, counts]) => `${second}s ${JSON.stringify(counts)}`).join('\n');
  const alive = server.child.exitCode === null && server.child.signalCode === null;
  const examples = failures
    .filter((o) => o.error)
    .slice(0, 5)
    .map((o) => `${o.name} ${o.status}: ${o.error}`)
    .join('\n');
  expect(
    failures.length,
    `${story}\n${examples}\nwindows ${JSON.stringify(windows)}\nserver ${alive ? 'alive' : 'exited'}:\n${server.output().slice(-3000)}`,
  ).toBe(0);
  expect(unavailable.length).toBeGreaterThan(0);
  expect(unavailable.filter((o) => o.retryAfter === null)).toEqual([]);

  // Back: the first request sent after the database is up that gets its answer, and no 503 for requests sent
  // from 5 s after that on.
  const recovery = windows.map((w) => {
    const firstServed = outcomes.find((o) => o.sentAt >= w.up && o.status >= 200 && o.status < 300);
    const nextDown = windows.find((other) => other.down > w.up)?.down ?? Infinity;
    const late = unavailable.filter(
      (o) => o.sentAt >= w.up + 5000 && o.sentAt < Math.min(w.up + 10_000, nextDown),
    ).length;
    return { ...w, recoveredMs: firstServed ? firstServed.sentAt + firstServed.ms - w.up : Infinity, late };
  });
  for (const r of recovery) {
    expect(
      r.recoveredMs,
      `${r.mode}: first answer ${r.recoveredMs.toFixed(0)} ms after the database was back`,
    ).toBeLessThanOrEqual(5000);
    expect(r.late, `${r.mode}: 503s for requests sent 5-10 s after the database was back\n${story}`).toBe(0);
  }

  const acknowledged = outcomes.filter((o) => o.name === 'write' && o.status === 201).map((o) => o.note!);
  const client = new pg.Client({ connectionString: database.url });
  await client.connect();
  const { rows } = await client.query<{ key: string }>(
    `select idempotency_key as key from bulk_scan where idempotency_key like 'pg-restart-%'`,
  );
  await client.end();
  const stored = new Set(rows.map((r) => r.key));
  const lost = acknowledged.filter((key) => !stored.has(key));
  expect(lost).toEqual([]);

  const served = outcomes.filter((o) => o.status >= 200 && o.status < 300);
  console.log(
    `resilience: PostgreSQL restarts under ${RATE} requests/s, ${outcomes.length} requests: ${served.length} answered, ` +
      `${unavailable.length} x 503 with Retry-After, ${failures.length} failures; answering again ${recovery.map((r) => `${(r.recoveredMs / 1000).toFixed(1)} s after the ${r.mode} restart`).join(', ')}; ` +
      `${acknowledged.length} acknowledged writes, ${lost.length} lost; p99 of answered ${percentile(
        served.map((o) => o.ms),
        99,
      ).toFixed(0)} ms`,
  );
});
