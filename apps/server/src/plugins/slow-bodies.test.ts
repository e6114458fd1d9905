import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { slowBodyFlood } from '../test-support/slow-clients.js';
import { buildTestApp, type TestApp } from '../test-support/test-app.js';
import { percentile, realUserVisit, type Timed } from '../test-support/real-user.js';

const ATTACK_MS = 30_000;
const SOCKETS = 260;

let t: TestApp;
let base: string;
let port: number;
let dist: string;
beforeAll(async () => {
  dist = mkdtempSync(join(tmpdir(), 'web-dist-'));
  for (const page of ['index', 'login', 'calculator'])
    writeFileSync(join(dist, `${page}.html`), `<html><body>${page}</body></html>`);
  t = await buildTestApp({ WEB_DIST: dist }, { demo: 300 });
  base = await t.app.listen({ port: 0, host: '127.0.0.1' });
  port = Number(new URL(base).port);
});
afterAll(async () => {
  await t?.close();
  rmSync(dist, { recursive: true, force: true });
});

describe('slow request bodies (issue 32, item 1)', () => {
  it(`${SOCKETS} connections trickling sign-in bodies for 30 s: a real user's every request answers 2xx within 2 s`, async () => {
    const flood = slowBodyFlood(port, {
      count: SOCKETS,
      path: '/core-api/api/auth/sign-in/email',
      localAddress: '127.0.0.2',
      byteEveryMs: 5000,
    });
    const began = Date.now();
    const timings: Timed[] = [];
    const health: { ready: boolean; http: number }[] = [];
    await new Promise((r) => setTimeout(r, 1000));
    while (Date.now() - began < ATTACK_MS) {
      timings.push(...(await realUserVisit(base)));
      const h = await fetch(`${base}/health`);
      health.push({ http: h.status, ready: ((await h.json()) as { ready: boolean }).ready });
      // Under the sign-in limit of 10 a minute per account.
      await new Promise((r) => setTimeout(r, 4000));
    }
    const held = flood.held();
    flood.stop();
    const { stats } = flood;
    const slowest = Math.max(...timings.map((x) => x.ms));
    console.log(
      `slow bodies: ${SOCKETS} sockets for ${ATTACK_MS / 1000} s (${stats.opened} opened, at most ${stats.heldMax} open, ${held} at the end): ` +
        `answers ${JSON.stringify(stats.answers)}, 408 after median ${percentile(stats.cutAfterMs, 50)} ms (max ${Math.max(...stats.cutAfterMs)}); ` +
        `real user: ${timings.length} requests, ${timings.filter((x) => x.status < 300).length} 2xx, slowest ${Math.round(slowest)} ms`,
    );
    expect(timings.length).toBeGreaterThanOrEqual(25);
    for (const x of timings) expect(x, x.what).toMatchObject({ status: expect.any(Number) });
    expect(timings.filter((x) => x.status < 200 || x.status >= 300)).toEqual([]);
    expect(slowest).toBeLessThan(2000);
    // The server stayed ready (slow bodies hold sockets, not its capacity) and said so.
    expect(health.filter((h) => h.http !== 200 || !h.ready)).toEqual([]);
    // Beyond one address's share the slow requests were refused at once; the rest were cut, each within ~10 s.
    expect(stats.answers[429]).toBeGreaterThan(0);
    expect(stats.answers[408]).toBeGreaterThan(0);
    expect(Math.max(...stats.cutAfterMs)).toBeLessThan(13_000);
  }, 90_000);
});
