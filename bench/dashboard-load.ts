/**
 * The dashboard endpoint under load: autocannon, 50 connections, loopback, bounded duration.
 * Usage: npx tsx bench/dashboard-load.ts [--engine pglite|postgres] [--donations 120000] [--seconds 20] [--connections 50]
 * The real server on in-memory PGlite (or a throw-away PostgreSQL 15) with the demo network; a company user's dashboard query (department totals
 * with metrics for the last month), with a valid access token, as the web app sends it.
 */
import type { AddressInfo } from 'node:net';
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import { defaultMonth, rangeBounds } from '@openrescue/shared';
import { buildApp } from '../apps/server/src/app.js';
import { loadEnv } from '../apps/server/src/config/env.js';
import { openDatabase } from '../apps/server/src/db/connection.js';
import { migrate } from '../apps/server/src/db/migrate.js';
import { prepareDemo } from '../apps/server/src/demo-setup.js';
// @ts-expect-error plain ESM helper without types
import { startPostgres } from '../scripts/pg-server.mjs';

const { values } = parseArgs({
  options: {
    donations: { type: 'string', default: '120000' },
    seconds: { type: 'string', default: '20' },
    connections: { type: 'string', default: '50' },
    engine: { type: 'string', default: 'pglite' },
  },
});

const server = values.engine === 'postgres' ? startPostgres(55460) : null;
const database = await openDatabase(server ? { databaseUrl: server.url, poolSize: 10 } : { dataDir: null });
await migrate(database);
const env = loadEnv({ LOG_LEVEL: 'silent', WEB_DIST: '/nonexistent', ACCESS_TOKEN_TTL_SECONDS: '3600' });
const { app, ctx } = await buildApp({ env, database, logger: false, origin: 'http://localhost:8080' });
await prepareDemo(ctx, Number(values.donations), () => {});
await app.listen({ port: 0, host: '127.0.0.1' });
const base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;

const signInRes = await fetch(`${base}/core-api/api/auth/sign-in/email`, {
  method: 'POST',
  headers: { 'content-type': 'application/json', origin: ctx.origin },
  body: JSON.stringify({ email: 'company@openrescue.test', password: 'demo-company' }),
});
const cookie = signInRes.headers.getSetCookie().map((c) => c.split(';')[0]).join('; ');
const { token } = (await (await fetch(`${base}/core-api/api/session/token`, { method: 'POST', headers: { cookie } })).json()) as { token: string };

const today = new Date().toLocaleDateString('en-CA', { timeZone: 'America/Vancouver' });
const bounds = rangeBounds('1m', defaultMonth(today));
const path = `/core-api/api/retail/reports/donation_totals?entry_time__gte=${bounds.from}&entry_time__lte=${bounds.to}&from_company_id=1&annotate=from_department_id&annotate_metrics=true&page_size=9999`;
const check = await fetch(base + path, { headers: { authorization: `Bearer ${token}` } });
if (check.status !== 200) throw new Error(`dashboard query answered ${check.status}: ${await check.text()}`);

const result = await autocannon({
  url: base + path,
  connections: Number(values.connections),
  duration: Number(values.seconds),
  headers: { authorization: `Bearer ${token}` },
});
console.log(`Dashboard totals, ${values.connections} connections, ${values.seconds} s, ${Number(values.donations).toLocaleString('en-US')} donations (${values.engine})`);
console.log(`requests/s  mean ${result.requests.average.toFixed(0)}   p50 latency ${result.latency.p50} ms   p99 ${result.latency.p99} ms`);
console.log(`non-2xx ${result.non2xx}   errors ${result.errors}   timeouts ${result.timeouts}`);
await app.close();
await database.close();
server?.stop();
