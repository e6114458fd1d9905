import { transcriptDetailSchema } from '@openrescue/shared';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, signInDemoAccounts, type TestApp } from '../../test-support/test-app.js';
import { demoCallWav } from './transcripts.demo-audio.js';
import { callSid, transcriptFixture } from '../../test-support/fixtures/transcript-payloads.js';

/**
 * Issue 32 item 6: an integration key may change only the calls it created. Key B sending key A's CallSid (as JSON,
 * under either name, or as a telephony callback form) or a recording for A's call answers 409 and changes nothing;
 * A keeps updating its own call; the call's details name the key that created it.
 */
const BASE = '/core-api/api/product/calls/transcripts';
const KEYS = '/core-api/api/product/calls/integration-keys';
const captured = transcriptFixture('assemblyai-transcript-captured.json');
const outbound = transcriptFixture('twilio-call-status.json');
const recording = transcriptFixture('twilio-recording-status.json');

let t: TestApp;
let staff: string;
const keyA = { id: 0, key: '' };
const keyB = { id: 0, key: '' };
const keyC = { id: 0, key: '' };

beforeAll(async () => {
  t = await buildTestApp({}, { demo: 500 });
  staff = (await signInDemoAccounts(t.app)).staff;
  for (const [k, name] of [
    [keyA, 'telephony-a'],
    [keyB, 'telephony-b'],
    [keyC, 'telephony-c'],
  ] as const) {
    const res = await t.app.inject({
      method: 'POST',
      url: KEYS,
      headers: { authorization: `Bearer ${staff}` },
      payload: { name },
    });
    Object.assign(k, { id: res.json().id, key: res.json().key });
  }
}, 120_000);
afterAll(async () => t?.close());

const ingest = (payload: object, key: string) =>
  t.app.inject({ method: 'POST', url: BASE, headers: { authorization: `Bearer ${key}` }, payload });
const callback = (fields: Record<string, string>, key: string) =>
  t.app.inject({
    method: 'POST',
    url: BASE,
    headers: { authorization: `Bearer ${key}`, 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams(fields).toString(),
  });
const putAudio = (id: number, body: Buffer, key: string) =>
  t.app.inject({
    method: 'PUT',
    url: `${BASE}/${id}/audio`,
    headers: { authorization: `Bearer ${key}`, 'content-type': 'audio/wav' },
    payload: body,
  });
const staffGet = (url: string) => t.app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${staff}` } });
const detail = async (id: number) => {
  const res = await staffGet(`${BASE}/${id}`);
  expect(res.statusCode).toBe(200);
  return transcriptDetailSchema.parse(res.json());
};
/** Every column of the call, as stored. */
const row = async (id: number) =>
  (await sql<Record<string, unknown>>`select * from transcript where id = ${id}`.execute(t.database.db)).rows[0];
const counts = async () =>
  (
    await sql<{ calls: string; jobs: string }>`
  select (select count(*) from transcript) as calls, (select count(*) from jobs) as jobs`.execute(t.database.db)
  ).rows[0];

const wavA = demoCallWav({ seed: 'key a', seconds: 2, utterances: [{ speaker: 'A', start: 100, end: 1500 }] });
const wavB = demoCallWav({ seed: 'key b', seconds: 3, utterances: [{ speaker: 'B', start: 200, end: 2500 }] });

describe("another key's call", () => {
  let id: number;

  beforeAll(async () => {
    // Key A's call: its status callback with the provider's transcript, analysed, linked to a store, recorded.
    const store = await t.database.db.selectFrom('store').select('id').orderBy('id').executeTakeFirstOrThrow();
    await t.database.db
      .updateTable('network_organization')
      .set({ phone: '(555) 555-0123' })
      .where('store_id', '=', store.id)
      .execute();
    const res = await ingest({ call: outbound, transcript: captured }, keyA.key);
    expect(res.statusCode).toBe(202);
    id = res.json().id;
    await t.ctx.jobRunner.idle();
    expect(await detail(id)).toMatchObject({ analysis_status: 'done', store: { id: store.id, match: 'phone' } });
    expect((await putAudio(id, wavA, keyA.key)).statusCode).toBe(200);
  });

  it("key B's ingest and recording of A's CallSid answer 409 and change nothing", async () => {
    const before = await row(id);
    const beforeCounts = await counts();
    const sent = [
      await ingest(
        {
          call: { ...outbound, CallerName: 'MALLORY', From: '+15555550999', To: '+15555550998' },
          transcript: { text: 'Everything was terrible and awful.' },
        },
        keyB.key,
      ),
      await ingest({ call: { tw_call_sid: outbound.CallSid, tw_caller_name: 'MALLORY' } }, keyB.key),
      await callback(recording, keyB.key),
      await putAudio(id, wavB, keyB.key),
    ];
    for (const res of sent) {
      expect(res.statusCode).toBe(409);
      expect(res.json()).toEqual({
        type: 'conflict',
        message: 'This call belongs to another integration key.',
        detail: `call ${outbound.CallSid} was created by another integration key; it stays as it was`,
      });
    }
    await t.ctx.jobRunner.idle();
    expect(await row(id)).toEqual(before);
    expect(await counts()).toEqual(beforeCounts);
    const audio = await staffGet(`${BASE}/${id}/audio`);
    expect(audio.statusCode).toBe(200);
    expect(audio.rawPayload.equals(wavA)).toBe(true);
  });

  it('key A still updates its own call and its recording', async () => {
    const res = await ingest(
      {
        call: { tw_call_sid: outbound.CallSid, tw_caller_name: 'HARBOR PINE DEN' },
        transcript: { text: 'Thank you so much, the bread donation was wonderful.' },
      },
      keyA.key,
    );
    expect(res.statusCode).toBe(202);
    expect(res.json()).toMatchObject({ id, created: false, analysis_status: 'pending' });
    await t.ctx.jobRunner.idle();
    const d = await detail(id);
    expect(d).toMatchObject({ tw_caller_name: 'HARBOR PINE DEN', analysis_status: 'done', sentiment_score: 1 });
    expect(d.transcript_from_aai!.text).toBe('Thank you so much, the bread donation was wonderful.');
    expect((await callback(recording, keyA.key)).statusCode).toBe(200);
    expect((await putAudio(id, wavB, keyA.key)).statusCode).toBe(200);
    expect((await staffGet(`${BASE}/${id}/audio`)).rawPayload.equals(wavB)).toBe(true);
  });

  it("the call's details name the key that created it, never the key itself", async () => {
    const res = await staffGet(`${BASE}/${id}`);
    expect(res.json().created_by_key).toEqual({ id: keyA.id, name: 'telephony-a' });
    expect(res.body).not.toContain('ork_');
    // A revoked key's calls still name it.
    await t.app.inject({ method: 'DELETE', url: `${KEYS}/${keyA.id}`, headers: { authorization: `Bearer ${staff}` } });
    expect((await detail(id)).created_by_key).toEqual({ id: keyA.id, name: 'telephony-a' });
  });
});

describe('calls no key created (the demo calls)', () => {
  it('no key may change them; their details name no key', async () => {
    const demo = await t.database.db
      .selectFrom('transcript')
      .select(['id', 'tw_call_sid'])
      .where('audio_uri', 'like', 'transcripts/demo/%')
      .orderBy('id')
      .executeTakeFirstOrThrow();
    const before = await row(demo.id);
    expect(
      (await ingest({ call: { tw_call_sid: demo.tw_call_sid!, tw_caller_name: 'MALLORY' } }, keyB.key)).statusCode,
    ).toBe(409);
    expect((await putAudio(demo.id, wavB, keyB.key)).statusCode).toBe(409);
    expect(await row(demo.id)).toEqual(before);
    expect(await detail(demo.id)).toMatchObject({ created_by_key: null, analysis_status: 'done' });
  });

  it('two keys sending a new CallSid at once: one creates it, the other gets 409', async () => {
    const payload = { call: { tw_call_sid: callSid(8001), tw_caller_name: 'FIRST' } };
    const answers = await Promise.all([ingest(payload, keyB.key), ingest(payload, keyC.key)]);
    expect(answers.map((r) => r.statusCode).sort()).toEqual([201, 409]);
    const winner = answers.find((r) => r.statusCode === 201)!;
    expect((await detail(winner.json().id)).created_by_key!.name).toBe(
      winner === answers[0] ? 'telephony-b' : 'telephony-c',
    );
  });

  it('a new CallSid is still created by any valid key', async () => {
    const res = await ingest({ call: { tw_call_sid: callSid(8000) } }, keyB.key);
    expect(res.statusCode).toBe(201);
    expect((await detail(res.json().id)).created_by_key).toEqual({ id: keyB.id, name: 'telephony-b' });
  });
});
