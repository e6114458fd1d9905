import { createHash } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import { Writable } from 'node:stream';
import fc from 'fast-check';
import { networkPaths, reportDay } from '@openrescue/shared';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createRetailFixture, item } from '../fixtures/retail.js';
import { injectHonouringRetryAfter } from '../busy-retry.js';
import { buildTestApp, signIn, type TestApp } from '../test-app.js';
import { type FuzzRequest, requestArb } from './bad-input-arbitraries.js';
import { type Endpoint, endpointsOf, EXCLUDED, WRITE_METHODS } from './bad-input-endpoints.js';
import { changedTables, settledSums, type TableSums, tableSums, tablesContaining } from './bad-input-database.js';
import { certainlyRefused, injectOptions } from './bad-input-requests.js';
import { longForUrl, URL_VALUE_MAX, withUnknownField } from './bad-input-values.js';

/**
 * Suite 4 of issue 9, bad input: fast-check sends 1,000 malformed requests to every write endpoint and to every list
 * endpoint's query (wrong types, missing and unknown fields, huge strings, hostile unicode, extreme numbers, SQL and
 * selector injection, prototype-pollution keys), as staff. No answer is a 500 or carries a stack trace, and every
 * table is as it was before each endpoint's batch. Endpoints come from the app's routes, so a new one is covered.
 * BAD_INPUT_SEED replays another seed; BAD_INPUT_REPORT=<file> writes every problem found; BAD_INPUT_VERBOSE=1 times
 * each endpoint; BAD_INPUT_RUNS sends another number.
 * On PostgreSQL (the second pass of `npm test`) it draws 250 per endpoint, from another seed, and sends only those the
 * route's own schemas let through to its handler: the engine only changes how a query fails on a value that passed
 * validation (an integer out of range, a NUL byte); a request refused before any query meets no engine, and the first
 * pass's 1,000 per endpoint have already tried the validation itself.
 */
const ON_POSTGRES = Boolean(process.env.TEST_DATABASE_URL);
const RUNS = Number(process.env.BAD_INPUT_RUNS ?? (ON_POSTGRES ? 250 : 1000));
const SEED = Number(process.env.BAD_INPUT_SEED ?? (ON_POSTGRES ? 902_027 : 902_026));
const DOWNLOAD = /\.(pdf|xlsx|csv|zip)$/;

const STACK_TRACE = /\n\s+at\s|\s{4}at\s|node_modules|\/src\/|file:\/\/|\.[cm]?[jt]sx?:\d+:\d+/;
/** Requests are generated a chunk at a time: one long synchronous stretch would trip the server's load shedding. */
const CHUNK = 50;
// Requests in flight: the database answers one while the next is parsed and validated.
const CONCURRENCY = 4;

const seedOf = (key: string) => [...key].reduce((h, c) => (Math.imul(h, 31) + c.charCodeAt(0)) | 0, SEED);

let t: TestApp;
let staff = '';
let integrationKey = '';
let endpoints: Endpoint[] = [];
const noFigures = () => ({
  endpoints: 0,
  requests: 0,
  sent: 0,
  errors: 0,
  traces: 0,
  changes: 0,
  accepted: 0,
  shed: 0,
});
const figures = noFigures();
/** The server's error lines by request id: a 500 in the report says what failed inside. */
const serverErrors = new Map<string, string>();
const errorLog = new Writable({
  write(chunk, _encoding, done) {
    for (const line of String(chunk).split('\n').filter(Boolean)) {
      const entry = JSON.parse(line) as { reqId?: string; err?: { message?: string } };
      if (entry.reqId) serverErrors.set(entry.reqId, entry.err?.message ?? line);
    }
    done();
  },
});

function setUp() {
  beforeAll(async () => {
    // Both files may run in one worker, which keeps this module between them (isolate: false).
    Object.assign(figures, noFigures());
    serverErrors.clear();
    t = await buildTestApp({ LOG_LEVEL: 'error' }, { logStream: errorLog, demo: 500 });
    staff = (await signIn(t.app, 'staff@openrescue.test', 'demo-staff')).token;
    const key = await t.app.inject({
      method: 'POST',
      url: '/core-api/api/product/calls/integration-keys',
      payload: { name: 'bad input suite' },
      headers: { authorization: `Bearer ${staff}` },
    });
    integrationKey = key.json().key;
    endpoints = endpointsOf(t.routes);
  });
  afterAll(async () => t?.close());
}

const authorizationFor = (access: string) => `Bearer ${access === 'integration' ? integrationKey : staff}`;
const isText = (res: LightMyRequestResponse) => /json|text|html/.test(String(res.headers['content-type'] ?? 'text'));

/** Sends one endpoint's batch; `before` is every table's sum before it, and the sums after it are returned. */
async function sendBatch(e: Endpoint, before: TableSums, problems: string[]): Promise<TableSums> {
  const unfiltered = requestArb({ url: e.url, schemas: e.schemas, takesBody: WRITE_METHODS.has(e.method) });
  const refused = unfiltered.filter((req) => certainlyRefused(e.schemas, req));
  // Writes get only requests their contract refuses: none of them may change a row. A download's query that passes
  // its contract renders a whole document on a render thread (a 15-store PDF, a workbook): its first chunk may, the
  // rest are refused ones, which are what this suite is for (the document tests cover valid ones).
  const arbOf = (chunk: number) => (e.write || (DOWNLOAD.test(e.url) && chunk > 0) ? refused : unfiltered);
  const started = Date.now();
  const send = async (req: FuzzRequest) => {
    const options = injectOptions(e.method, e.url, req, authorizationFor(e.access));
    const res = await injectHonouringRetryAfter(t.app, options, { onRetry: () => (figures.shed += 1) });
    const shown = `${e.key} ${String(options.url).slice(0, 300)} body=${String(options.payload ?? '').slice(0, 300)}`;
    if (res.statusCode >= 500) {
      figures.errors += 1;
      const reqId = /Reference ([\w-]+)/.exec(res.body)?.[1] ?? '';
      problems.push(`${res.statusCode} ${shown} -> ${(serverErrors.get(reqId) ?? res.body).slice(0, 300)}`);
    }
    if (isText(res) && STACK_TRACE.test(res.body)) {
      figures.traces += 1;
      problems.push(`stack trace: ${shown} -> ${res.body.slice(0, 300)}`);
    }
    if (e.write && res.statusCode < 400) {
      figures.accepted += 1;
      problems.push(`accepted ${res.statusCode}: ${shown}`);
    }
  };
  for (let chunk = 0; chunk * CHUNK < RUNS; chunk += 1) {
    const drawn = fc.sample(arbOf(chunk), {
      numRuns: Math.min(CHUNK, RUNS - chunk * CHUNK),
      seed: seedOf(e.key) + chunk,
    });
    const requests = ON_POSTGRES ? drawn.filter((req) => !certainlyRefused(e.routeSchemas, req)) : drawn;
    let next = 0;
    const worker = async () => {
      while (next < requests.length) await send(requests[next++]);
    };
    await Promise.all(Array.from({ length: CONCURRENCY }, worker));
    figures.requests += drawn.length;
    figures.sent += requests.length;
  }
  if (process.env.BAD_INPUT_VERBOSE) console.log(`${e.key}: ${Date.now() - started} ms`);
  const after = await tableSums(t.database);
  const changed = changedTables(before, after);
  if (changed.length) {
    figures.changes += 1;
    problems.push(`${e.key} changed ${changed.join(', ')}`);
  }
  figures.endpoints += 1;
  return after;
}

/**
 * The suite, in `of` files that vitest runs side by side: file `shard` sends the batches of every `of`-th endpoint
 * (the sum of requests is the same), and the first file also checks the route list and the unknown fields.
 */
export function describeBadInput(shard: number, of: number) {
  describe(`bad input (${shard + 1} of ${of})`, () => {
    setUp();
    const mine = () => endpoints.filter((_, i) => i % of === shard);
    if (shard === 0)
      it('leaves out only the routes it lists, and every write route declares an input to malform', () => {
        const keys = new Set(t.routes.map((r) => `${r.method} ${r.url}`));
        expect(Object.keys(EXCLUDED).filter((k) => !keys.has(k))).toEqual([]);
        const writes = endpoints.filter((e) => e.write);
        expect(
          writes.filter((e) => !e.schemas.params && !e.schemas.body && !e.schemas.querystring).map((e) => e.key),
        ).toEqual([]);
        expect(writes.length).toBeGreaterThanOrEqual(10);
        expect(endpoints.length - writes.length).toBeGreaterThanOrEqual(30);
      });

    if (shard === 0)
      it('a URL longer than a request head may be never reaches a route: Node.js answers 431 (the premise of URL_VALUE_MAX)', async () => {
        // Listening now; the app closes with the suite.
        const base = await t.app.listen({ port: 0, host: '127.0.0.1' });
        const get = (value: string) =>
          fetch(`${base}/core-api/api/retail/bulkscan?store_id=${value}`, {
            headers: { authorization: authorizationFor('staff') },
          });
        const longest = encodeURIComponent(longForUrl('é'));
        expect(longest.length).toBeGreaterThan(URL_VALUE_MAX - 6);
        // Two of the suite's longest values fit in one head and reach the route, which refuses them.
        expect((await get(`${longest}&department=${longest}`)).status).toBe(400);
        expect((await get('x'.repeat(17 * 1024))).status).toBe(431);
      });

    it(`${RUNS.toLocaleString('en-US')} malformed requests per endpoint: no 500, no stack trace, no database change`, async () => {
      const started = Date.now();
      await t.ctx.jobRunner.idle();
      let sums = await settledSums(t.database);
      const problems: string[] = [];
      for (const e of mine()) sums = await sendBatch(e, sums, problems);
      const f = figures;
      console.log(
        `bad input: ${f.endpoints} endpoints, ${f.requests.toLocaleString('en-US')} requests` +
          (f.sent < f.requests ? ` (${f.sent.toLocaleString('en-US')} sent, the rest refused before any query)` : '') +
          `, ${f.errors} responses >= 500, ` +
          `${f.traces} stack traces, ${f.changes} database changes, ${f.accepted} malformed writes accepted ` +
          `(seed ${SEED}; ${f.shed} answers shed under load and sent again; ${((Date.now() - started) / 1000).toFixed(1)} s)`,
      );
      if (process.env.BAD_INPUT_REPORT) writeFileSync(process.env.BAD_INPUT_REPORT, problems.join('\n'));
      expect(problems.slice(0, 20)).toEqual([]);
      expect(f.endpoints).toBe(mine().length);
      expect(f.requests).toBe(RUNS * f.endpoints);
      // On PostgreSQL, what reaches a handler: some of every shard's list queries pass their schemas.
      expect(f.sent).toBeGreaterThan(ON_POSTGRES ? 0 : RUNS * f.endpoints - 1);
    }, 600_000);

    if (shard === 0)
      it('never stores an unknown field: valid bodies with one added anywhere are refused or stored without it', async () => {
        const f = await createRetailFixture(t);
        const sid = `CA${'b'.repeat(32)}`;
        // Two scans: one to correct, one to delete (decision 0061).
        const scans = await t.app.inject({
          method: 'POST',
          url: '/core-api/api/bulkscan/',
          payload: [item(f, { weight_kg: 5 }), item(f, { weight_kg: 6 })],
          headers: { authorization: `Bearer ${staff}` },
        });
        const [toCorrect, toDelete] = (scans.json() as Array<{ id: number }>).map((r) => r.id);
        // A charity user with two invitation tokens of known value: one to check, one to accept (decision 0066).
        const charity = await t.app.inject({
          method: 'POST',
          url: '/ops-api/receiver-users',
          payload: {
            email: 'unknown-field-charity@openrescue.test',
            name: 'Unknown Field',
            receiver_ids: [f.receiverId],
          },
          headers: { authorization: `Bearer ${staff}` },
        });
        const charityId = (charity.json() as { id: number }).id;
        const [checkToken, acceptToken] = ['c', 'a'].map((c) => c.repeat(43));
        await t.database.db
          .insertInto('receiver_user_invitation')
          .values(
            [checkToken, acceptToken].map((token) => ({
              receiver_user_id: charityId,
              token_hash: createHash('sha256').update(token).digest('hex'),
              expires_at: new Date(Date.now() + 86_400_000),
            })),
          )
          .execute();
        // A valid request per write route with a body (they write: this runs after the checksummed batches).
        // Company API keys are a company admin's (decision 0074).
        const companyAdmin = (await signIn(t.app, 'company@openrescue.test', 'demo-company')).token;
        const valid: Record<string, { url: string; body: unknown; authorization?: string }> = {
          'POST /core-api/api/company/api-keys': {
            url: '/core-api/api/company/api-keys',
            body: { name: 'unknown field check' },
            authorization: `Bearer ${companyAdmin}`,
          },
          // A company report job for the company admin's own company (decision 0068).
          'POST /core-api/api/reports/company/:id/report-jobs': {
            url: '/core-api/api/reports/company/1/report-jobs',
            body: { month: '2026-01-01' },
            authorization: `Bearer ${companyAdmin}`,
          },
          'POST /core-api/api/bulkscan/': { url: '/core-api/api/bulkscan/', body: [item(f, { weight_kg: 2 })] },
          'POST /core-api/api/retail/no-pickups': {
            url: '/core-api/api/retail/no-pickups',
            body: {
              store_id: f.storeId,
              receiver_id: f.receiverId,
              day: reportDay(Date.now() - 2 * 86_400_000),
              reason_id: 1,
            },
          },
          'PATCH /core-api/api/bulkscan/:id': {
            url: `/core-api/api/bulkscan/${toCorrect}`,
            body: { weight_kg: 7, reason: 'unknown field check' },
          },
          'DELETE /core-api/api/bulkscan/:id': {
            url: `/core-api/api/bulkscan/${toDelete}`,
            body: { reason: 'unknown field check' },
          },
          'POST /core-api/api/reports/charity_poster_contacts/': {
            url: '/core-api/api/reports/charity_poster_contacts/',
            body: { with_receiver_id: f.receiverId, month: '2026-01' },
          },
          'POST /ops-api/appsheet/table/:table/action': {
            url: '/ops-api/appsheet/table/GeneratedFile/action',
            body: { Action: 'Find', Properties: { Selector: 'Top(GeneratedFile, 1)' } },
          },
          'POST /ops-api/appsheet/table/PublishFile/batchAction': {
            url: '/ops-api/appsheet/table/PublishFile/batchAction',
            body: { Action: 'AdvanceSingleFileChangeTime', Properties: { TaskName: 'publish_id_999999' }, Rows: [] },
          },
          'POST /core-api/api/product/calls/transcripts': {
            url: '/core-api/api/product/calls/transcripts',
            body: {
              call: { tw_call_sid: sid, tw_caller_name: 'Bad Input' },
              transcript: {
                text: 'Hello, food bank.',
                utterances: [{ speaker: 'A', text: 'Hello, food bank.', start: 0, end: 900 }],
              },
            },
          },
          'POST /core-api/api/product/calls/integration-keys': {
            url: '/core-api/api/product/calls/integration-keys',
            body: { name: 'unknown field check' },
          },
          'POST /ops-api/receiver-users': {
            url: '/ops-api/receiver-users',
            body: { email: 'unknown-field-new@openrescue.test', name: 'New', receiver_ids: [f.receiverId] },
          },
          'PATCH /ops-api/receiver-users/:id': {
            url: `/ops-api/receiver-users/${charityId}`,
            body: { name: 'Renamed' },
          },
          'POST /core-api/api/invitations/check': {
            url: '/core-api/api/invitations/check',
            body: { token: checkToken },
          },
          'POST /core-api/api/invitations/accept': {
            url: '/core-api/api/invitations/accept',
            body: { token: acceptToken, password: 'long-enough-1' },
          },
          ...Object.fromEntries(
            [networkPaths.importPreview, networkPaths.importStart].map((url) => [
              `POST ${url}`,
              { url, body: { file_name: 'a.csv', content_base64: btoa('name,type\nUnknown Field Pantry,Charity') } },
            ]),
          ),
        };
        const withBody = endpoints.filter((e) => e.schemas.body && !(e.schemas.body instanceof z.ZodNever));
        expect(withBody.map((e) => e.key).filter((k) => !(k in valid))).toEqual([]);
        const marker = `unknown-${SEED}`;
        const answers: Record<string, number> = {};
        for (const e of withBody) {
          const { url, body, authorization } = valid[e.key];
          const send = (payload: unknown) =>
            t.app.inject({
              method: e.method as 'POST',
              url,
              payload: JSON.stringify(payload),
              headers: {
                authorization: authorization ?? authorizationFor(e.access),
                'content-type': 'application/json',
              },
            });
          const plain = await send(body);
          expect(plain.statusCode, `${e.key} ${plain.body}`).toBeLessThan(300);
          for (const variant of withUnknownField(body, marker)) {
            const res = await send(variant);
            expect(res.statusCode, `${e.key} ${res.body}`).toBeLessThan(500);
            answers[res.statusCode] = (answers[res.statusCode] ?? 0) + 1;
          }
        }
        const storedIn = await tablesContaining(t.database, marker);
        const sent = Object.values(answers).reduce((a, b) => a + b, 0);
        console.log(
          `unknown fields: ${sent} requests to ${withBody.length} endpoints, answers ${JSON.stringify(answers)}, stored in ${storedIn.length} tables`,
        );
        expect(storedIn).toEqual([]);
      }, 120_000);
  });
}
