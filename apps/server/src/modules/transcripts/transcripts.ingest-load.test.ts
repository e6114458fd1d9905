import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, signInDemoAccounts, type TestApp } from '../../test-support/test-app.js';
import { callSid, longCallTranscript } from '../../test-support/fixtures/transcript-payloads.js';

/**
 * Issue 32 item 4: a long call's ingest must not hold up the server. The analysis of a 4.3 MB transcript (wink-nlp
 * over ~146,000 characters) ran in the request and stalled every other request for ~16 s; it now runs as a job on a
 * thread of its own, the ingest answers 202 at once, and the analysis appears when the job has done it.
 */
const BASE = '/core-api/api/product/calls/transcripts';
const KEYS = '/core-api/api/product/calls/integration-keys';
let t: TestApp;
let origin: string;
let staff: string;
let key: string;

beforeAll(async () => {
  t = await buildTestApp({}, { demo: 3000 });
  staff = (await signInDemoAccounts(t.app)).staff;
  key = (
    await t.app.inject({
      method: 'POST',
      url: KEYS,
      headers: { authorization: `Bearer ${staff}` },
      payload: { name: 'load' },
    })
  ).json().key;
  origin = await t.app.listen({ port: 0, host: '127.0.0.1' });
}, 120_000);
afterAll(async () => t?.close());

const post = (body: string) =>
  fetch(`${origin}${BASE}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
    body,
  });
const staffGet = (path: string) => fetch(`${origin}${path}`, { headers: { authorization: `Bearer ${staff}` } });

async function detail(id: number) {
  const res = await staffGet(`${BASE}/${id}`);
  expect(res.status).toBe(200);
  return res.json() as Promise<{
    analysis_status: string | null;
    transcript_from_aai: { sentiment_analysis_results: unknown[]; entities: unknown[] } | null;
    sentiment_data: unknown;
  }>;
}

/** Waits until the call's analysis is no longer pending (the job ran). */
async function analysed(id: number, timeoutMs = 90_000) {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const d = await detail(id);
    if (d.analysis_status !== 'pending') return d;
    if (Date.now() > until) throw new Error(`call ${id} still pending after ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

const count = async () =>
  Number((await sql<{ n: string }>`select count(*) as n from transcript`.execute(t.database.db)).rows[0].n);
const p = (sorted: number[], q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))];

describe('a long call ingested while others use the server', () => {
  it('other requests answer within 200 ms (p95); 202 with the id at once; the analysis appears when the job ran', async () => {
    // A first small call loads the analysis (its thread and wink-nlp's model) as the server would have by then.
    const warm = await post(
      JSON.stringify({
        call: { tw_call_sid: callSid(7000) },
        transcript: { text: 'Thanks for the bread donation, it was wonderful.' },
      }),
    );
    expect(warm.status).toBe(202);
    await analysed((await warm.json()).id);

    const body = JSON.stringify({
      call: { tw_call_sid: callSid(7001), tw_call_length: 9000 },
      transcript: longCallTranscript(),
    });
    expect(body.length).toBeGreaterThan(4_200_000);

    // This thread's longest gap between ticks of a 5 ms timer: how long the server could not answer anything.
    let last = performance.now();
    let stall = 0;
    const ticks = setInterval(() => {
      const now = performance.now();
      stall = Math.max(stall, now - last);
      last = now;
    }, 5);
    const latencies: number[] = [];
    let id = 0;
    let done = false;
    const started = performance.now();
    const ingest = post(body).then(async (res) => {
      const answer = { status: res.status, ms: performance.now() - started, body: await res.json() };
      id = answer.body.id;
      return answer;
    });
    const others = (async () => {
      // A health check and a staff user's small read, one after the other, until the analysis is there.
      for (let i = 0; !done && performance.now() - started < 120_000; i++) {
        const began = performance.now();
        const res = await (i % 2 ? staffGet(`${BASE}?page_size=1`) : fetch(`${origin}/health`));
        await res.arrayBuffer();
        expect(res.status).toBe(200);
        latencies.push(performance.now() - began);
        if (id && i % 10 === 9) done = (await detail(id)).analysis_status !== 'pending';
        await new Promise((resolve) => setTimeout(resolve, 10));
      }
    })();
    const answer = await ingest;
    await others;
    clearInterval(ticks);
    const analysis = await analysed(id);
    const sorted = [...latencies].sort((a, b) => a - b);
    console.info(
      `long call ingest: ${body.length} bytes, answered ${answer.status} in ${answer.ms.toFixed(0)} ms; ` +
        `analysed in ${(performance.now() - started).toFixed(0)} ms; this thread's longest stall ${stall.toFixed(0)} ms; ` +
        `${latencies.length} other requests, p50 ${p(sorted, 0.5).toFixed(1)} ms, p95 ${p(sorted, 0.95).toFixed(1)} ms, max ${sorted.at(-1)!.toFixed(1)} ms`,
    );

    expect(answer.status).toBe(202);
    expect(answer.body).toMatchObject({ id: expect.any(Number), created: true, analysis_status: 'pending' });
    expect(latencies.length).toBeGreaterThan(10);
    // Before: the analysis held this thread for ~2 s (the transcript: ~16 s). What is left is reading the
    // 4.3 MB of JSON (~130-170 ms alone; up to ~500 ms with another test file busy on the second core), which the
    // 8 MB limit bounds.
    expect(stall).toBeLessThan(1000);
    expect(p(sorted, 0.95)).toBeLessThan(200);
    expect(sorted.at(-1)!).toBeLessThan(1000);
    expect(analysis.analysis_status).toBe('done');
    expect(analysis.transcript_from_aai!.sentiment_analysis_results.length).toBeGreaterThan(1000);
    expect(analysis.transcript_from_aai!.entities.length).toBeGreaterThan(0);
    expect(analysis.sentiment_data).not.toBeNull();
  }, 180_000);

  it('a body over the limit answers 413 with the error body and stores nothing', async () => {
    const before = await count();
    const jobs = Number((await sql<{ n: string }>`select count(*) as n from jobs`.execute(t.database.db)).rows[0].n);
    const transcript = longCallTranscript();
    // Within every field's limit, but 10 MB of per-word timings in all.
    const words = Array.from({ length: 5 }, () => transcript.words).flat();
    const body = JSON.stringify({ call: { tw_call_sid: callSid(7002) }, transcript: { ...transcript, words } });
    expect(body.length).toBeGreaterThan(8 * 1024 * 1024);
    const res = await post(body);
    expect(res.status).toBe(413);
    expect(await res.json()).toMatchObject({
      type: 'validation_error',
      message: 'The call is too large.',
      detail: 'an ingest body is at most 8 MB',
    });
    // Sent without a length (chunked), it is cut off at the limit as it arrives.
    const chunked = await fetch(`${origin}${BASE}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
      duplex: 'half',
      body: new Blob([body]).stream(),
    } as RequestInit);
    expect(chunked.status).toBe(413);
    expect(await chunked.json()).toMatchObject({
      type: 'validation_error',
      message: expect.any(String),
      detail: expect.any(String),
    });
    expect(await count()).toBe(before);
    expect(Number((await sql<{ n: string }>`select count(*) as n from jobs`.execute(t.database.db)).rows[0].n)).toBe(
      jobs,
    );
  }, 60_000);
});
