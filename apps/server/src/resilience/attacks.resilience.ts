import { request as httpRequest } from 'node:http';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { type ServerProcess, startServer } from '../test-support/processes/server-process.js';
import { percentile, realUserVisit, type Timed } from '../test-support/real-user.js';
import { slowBodyFlood } from '../test-support/slow-clients.js';

/**
 * Issue 32: one attacker cannot take the site down. Against the built server in its own process on the embedded
 * database, for a minute each (the `npm test` versions hold 30 s and one address):
 * - slow bodies: 1,000 connections from four addresses trickling sign-in bodies (a byte every 5 s) while a real
 *   user visits (sign-in page, sign-in, token, dashboard read) every 2 s: every visit's request 2xx within 2 s;
 * - sign-in flood: 300 attackers on one address and 100 more spread over 50 addresses, each with a sign-in for a
 *   random e-mail in flight at all times, while the store user signs in every 6 s from the browser it used before
 *   (a known device: the flood spends everyone's budget, not its own): p95 within 3 s.
 */
const SECONDS = Number(process.env.RESILIENCE_ATTACK_SECONDS ?? 60);
const dir = mkdtempSync(join(tmpdir(), 'openrescue-attacks-'));
let server: ServerProcess;
let port: number;

beforeAll(async () => {
  server = await startServer(
    {
      DATA_DIR: dir,
      DEMO_DONATIONS: '20000',
      NODE_ENV: 'production',
      SEED_DEMO: 'true',
      RENDER_THREAD_PREPARED: 'true',
    },
    600_000,
  );
  port = Number(new URL(server.base).port);
  await realUserVisit(server.base); // start-up work (pre-rendered pages, first queries) out of the way
}, 600_000);
afterAll(async () => {
  await server?.stop('SIGTERM');
  rmSync(dir, { recursive: true, force: true });
});

const summary = (timings: Timed[]) => {
  const ms = timings.map((x) => x.ms);
  return (
    `${timings.length} requests, ${timings.filter((x) => x.status >= 200 && x.status < 300).length} 2xx, ` +
    `p50 ${percentile(ms, 50).toFixed(0)} ms, p99 ${percentile(ms, 99).toFixed(0)} ms, max ${Math.max(...ms).toFixed(0)} ms`
  );
};

it(
  `slow bodies: 1,000 trickling connections from 4 addresses for ${SECONDS} s; the real user's requests 2xx within 2 s`,
  async () => {
    const floods = ['127.0.0.2', '127.0.0.3', '127.0.0.4', '127.0.0.5'].map((localAddress) =>
      slowBodyFlood(port, { count: 250, path: '/core-api/api/auth/sign-in/email', localAddress, byteEveryMs: 5000 }),
    );
    const timings: Timed[] = [];
    const began = Date.now();
    let heldLow = Infinity;
    await new Promise((r) => setTimeout(r, 2000));
    while (Date.now() - began < SECONDS * 1000) {
      timings.push(...(await realUserVisit(server.base)));
      heldLow = Math.min(
        heldLow,
        floods.reduce((n, f) => n + f.held(), 0),
      );
      await new Promise((r) => setTimeout(r, 6000)); // within the account's 10 sign-ins a minute
    }
    for (const f of floods) f.stop();
    const answers: Record<string, number> = {};
    for (const f of floods)
      for (const [status, n] of Object.entries(f.stats.answers)) answers[status] = (answers[status] ?? 0) + n;
    const opened = floods.reduce((n, f) => n + f.stats.opened, 0);
    const cut = floods.flatMap((f) => f.stats.cutAfterMs);
    console.log(
      `resilience: slow bodies, 1,000 connections from 4 addresses for ${SECONDS} s (${opened} opened, at least ${heldLow} open at each look): ` +
        `answers ${JSON.stringify(answers)}, cut after median ${percentile(cut, 50)} ms; real user: ${summary(timings)}`,
    );
    expect(timings.filter((x) => x.status < 200 || x.status >= 300)).toEqual([]);
    expect(Math.max(...timings.map((x) => x.ms))).toBeLessThan(2000);
  },
  SECONDS * 1000 + 60_000,
);

function signInFrom(localAddress: string, email: string, password: string, cookie = '') {
  return new Promise<{ status: number; ms: number; cookie: string }>((resolve) => {
    const began = performance.now();
    const body = JSON.stringify({ email, password, rememberMe: false });
    const req = httpRequest(
      {
        host: '127.0.0.1',
        port,
        path: '/core-api/api/auth/sign-in/email',
        method: 'POST',
        localAddress,
        agent: false,
        headers: { 'content-type': 'application/json', origin: server.base, ...(cookie ? { cookie } : {}) },
      },
      (res) => {
        res.resume();
        const known = (res.headers['set-cookie'] ?? []).find((c) => c.startsWith('or_known_'))?.split(';')[0] ?? '';
        res.on('end', () => resolve({ status: res.statusCode!, ms: performance.now() - began, cookie: known }));
      },
    );
    req.on('error', () => resolve({ status: 0, ms: performance.now() - began, cookie: '' }));
    req.end(body);
  });
}

it(
  `sign-in flood: 400 attackers with random e-mails for ${SECONDS} s; the store user signs in within 3 s (p95)`,
  async () => {
    // The store user has signed in on this browser before: it is known to the account (auth/known-device.ts).
    const { cookie } = await signInFrom('127.0.0.1', 'store@openrescue.test', 'demo-store');
    await new Promise((r) => setTimeout(r, 6000));
    const statuses: Record<number, number> = {};
    let flooding = true;
    const attacker = async (address: string) => {
      while (flooding) {
        const a = await signInFrom(address, `${Math.random().toString(36).slice(2)}@flood.example`, 'a-random-guess');
        statuses[a.status] = (statuses[a.status] ?? 0) + 1;
        if (a.status !== 200 && a.status !== 401) await new Promise((r) => setTimeout(r, 200));
      }
    };
    const attackers = [
      ...Array.from({ length: 300 }, () => attacker('127.0.0.2')),
      ...Array.from({ length: 100 }, (_, i) => attacker(`127.0.1.${(i % 50) + 1}`)),
    ];
    await new Promise((r) => setTimeout(r, 2000));
    const signIns: { status: number; ms: number }[] = [];
    const began = Date.now();
    while (Date.now() - began < SECONDS * 1000) {
      signIns.push(await signInFrom('127.0.0.1', 'store@openrescue.test', 'demo-store', cookie));
      await new Promise((r) => setTimeout(r, 6000));
    }
    flooding = false;
    await Promise.all(attackers);
    const ms = signIns.map((s) => s.ms);
    const sent = Object.values(statuses).reduce((a, b) => a + b, 0);
    console.log(
      `resilience: sign-in flood, 400 attackers (300 on one address, 100 on 50) for ${SECONDS} s: ${sent} sign-ins -> ` +
        `${JSON.stringify(statuses)}; the store user: ${signIns.filter((s) => s.status === 200).length} of ${signIns.length} signed in, ` +
        `p95 ${percentile(ms, 95).toFixed(0)} ms, max ${Math.max(...ms).toFixed(0)} ms`,
    );
    expect(signIns.every((s) => s.status === 200)).toBe(true);
    expect(percentile(ms, 95)).toBeLessThan(3000);
    expect(statuses[200]).toBeUndefined();
  },
  SECONDS * 1000 + 60_000,
);
