/**
 * Does a burst of wrong passwords against one account slow anyone else's sign-in?
 * Usage: npx tsx bench/login-burst.ts [--samples 21] [--burst 200]
 * The real server on loopback (in-memory PGlite). Other people (distinct accounts) sign in one after another,
 * first alone, then while the burst runs; once with the per-account limit (10 a minute) and once with it
 * effectively off, in the same run.
 */
import type { AddressInfo } from 'node:net';
import { parseArgs } from 'node:util';
import { buildApp } from '../apps/server/src/app.js';
import { ensureAccount } from '../apps/server/src/auth/accounts.js';
import { loadEnv } from '../apps/server/src/config/env.js';
import { openDatabase } from '../apps/server/src/db/connection.js';
import { migrate } from '../apps/server/src/db/migrate.js';

import { recordFigures } from './lib/figures.js';

const { values } = parseArgs({
  options: { samples: { type: 'string', default: '21' }, burst: { type: 'string', default: '200' } },
});
const samples = Number(values.samples);
const burstSize = Number(values.burst);
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

async function scenario(limitPerMinute: number) {
  const database = await openDatabase({ dataDir: null });
  await migrate(database);
  const env = loadEnv({
    LOG_LEVEL: 'silent',
    WEB_DIST: '/nonexistent',
    LOGIN_RATE_LIMIT_PER_MINUTE: String(limitPerMinute),
  });
  const { app, ctx } = await buildApp({ env, database, logger: false, origin: 'http://localhost:8080' });
  const people = Array.from({ length: samples * 2 }, (_, i) => ({
    email: `person${i}@bench.test`,
    password: `password-${i}`,
    name: `P${i}`,
  }));
  for (const p of people) await ensureAccount(ctx.auth, p);
  await ensureAccount(ctx.auth, { email: 'target@bench.test', password: 'the-right-one', name: 'Target' });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;

  const signIn = async (email: string, password: string) => {
    const started = performance.now();
    const res = await fetch(`${base}/core-api/api/auth/sign-in/email`, {
      method: 'POST',
      // as a browser sends it: the auth library refuses cross-site sign-in posts without a trusted Origin
      headers: { 'content-type': 'application/json', origin: ctx.origin },
      body: JSON.stringify({ email, password }),
    });
    await res.arrayBuffer();
    return { ms: performance.now() - started, status: res.status };
  };
  const othersSignIn = async (group: typeof people) => {
    const times: number[] = [];
    for (const p of group) {
      const { ms, status } = await signIn(p.email, p.password);
      if (status !== 200) throw new Error(`another person's sign-in answered ${status}`);
      times.push(ms);
    }
    return times;
  };

  try {
    const alone = await othersSignIn(people.slice(0, samples));
    const statuses: Record<number, number> = {};
    const burst = Promise.all(
      Array.from({ length: burstSize }, async () => {
        const { status } = await signIn('target@bench.test', 'wrong-password');
        statuses[status] = (statuses[status] ?? 0) + 1;
      }),
    );
    const during = await othersSignIn(people.slice(samples));
    await burst;
    return { alone: median(alone), during: median(during), aloneSamples: alone, duringSamples: during, statuses };
  } finally {
    await app.close();
    await database.close();
  }
}

const limited = await scenario(10);
const unlimited = await scenario(1_000_000);
console.log(
  `Other people's sign-in (median of ${samples}), alone and during ${burstSize} wrong passwords on one account`,
);
for (const [label, r] of [
  ['per-account limit 10/min', limited],
  ['limit effectively off', unlimited],
] as const) {
  const answers = Object.entries(r.statuses)
    .map(([s, c]) => `${c} x ${s}`)
    .join(', ');
  console.log(
    `${label.padEnd(26)} alone ${r.alone.toFixed(0)} ms   during burst ${r.during.toFixed(0)} ms   burst answers: ${answers}`,
  );
}
recordFigures([
  {
    group: 'Sign-in',
    name: `other people's sign-in during ${burstSize} wrong passwords on one account (limit 10/min)`,
    unit: 'ms',
    samples: limited.duringSamples,
    compare: { name: 'alone', samples: limited.aloneSamples },
    note: Object.entries(limited.statuses)
      .map(([s, c]) => `${c} x ${s}`)
      .join(', '),
  },
  {
    group: 'Sign-in',
    name: `other people's sign-in during ${burstSize} wrong passwords on one account (limit off)`,
    unit: 'ms',
    samples: unlimited.duringSamples,
    compare: { name: 'alone', samples: unlimited.aloneSamples },
    note: Object.entries(unlimited.statuses)
      .map(([s, c]) => `${c} x ${s}`)
      .join(', '),
  },
]);
