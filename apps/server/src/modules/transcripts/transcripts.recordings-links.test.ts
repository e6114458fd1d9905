import { beforeAll, describe, expect, it } from 'vitest';
import { callSid as sidN, transcriptFixture as fixture } from '../../test-support/fixtures/transcript-payloads.js';
import { TRANSCRIPTS_BASE as BASE, transcriptsTestApp } from '../../test-support/fixtures/transcripts-app.js';
import { signIn, type TestApp } from '../../test-support/test-app.js';
import { demoCallWav } from './transcripts.demo-audio.js';

// Transcripts: recordings and the links to stores and receivers (the rest: transcripts.test.ts).
const outbound = fixture('twilio-call-status.json');
const inbound = fixture('twilio-call-status-inbound.json');

const app = transcriptsTestApp();
const { get, ingest, detail, analysed } = app;
let t: TestApp;
let key: string;
beforeAll(() => {
  ({ t, key } = app.state);
});

describe('recordings', () => {
  let id: number;
  const wav = demoCallWav({ seed: 'test', seconds: 2, utterances: [{ speaker: 'A', start: 100, end: 1500 }] });
  const put = (body: Buffer, type = 'audio/wav', withKey = key, target = id) =>
    t.app.inject({
      method: 'PUT',
      url: `${BASE}/${target}/audio`,
      headers: { authorization: `Bearer ${withKey}`, 'content-type': type },
      payload: body,
    });

  beforeAll(async () => {
    id = (await ingest({ call: { tw_call_sid: sidN(40) } })).json().id;
  });

  it('refuses what is not audio, an unknown call, a wrong key; nothing is stored', async () => {
    const pdf = Buffer.concat([Buffer.from('%PDF-1.7\n'), Buffer.alloc(200)]);
    const res = await put(pdf);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('The file is not a recording we can play.');
    expect((await put(Buffer.alloc(0))).statusCode).toBe(400);
    expect((await put(wav, 'audio/wav', 'ork_nope')).statusCode).toBe(401);
    expect((await put(wav, 'audio/wav', key, 987654)).statusCode).toBe(404);
    expect((await put(Buffer.alloc(26 * 1024 * 1024, 1))).statusCode).toBe(413);
    const row = await t.database.db
      .selectFrom('transcript')
      .select('audio_uri')
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(row.audio_uri).toBeNull();
    expect((await get(`${BASE}/${id}/audio`)).statusCode).toBe(404);
  });

  it('stores a WAV (whatever content type was declared) and streams it with ranges', async () => {
    const res = await put(wav, 'application/octet-stream');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ id, content_type: 'audio/wav', byte_size: wav.length });
    expect((await detail(id)).audio).toEqual({
      url: `${BASE}/${id}/audio`,
      content_type: 'audio/wav',
      byte_size: wav.length,
    });

    const whole = await get(`${BASE}/${id}/audio`);
    expect(whole.statusCode).toBe(200);
    expect(whole.headers['accept-ranges']).toBe('bytes');
    expect(whole.headers['content-type']).toBe('audio/wav');
    expect(whole.rawPayload.equals(wav)).toBe(true);

    const part = await get(`${BASE}/${id}/audio`, 'staff', { range: 'bytes=100-199' });
    expect(part.statusCode).toBe(206);
    expect(part.headers['content-range']).toBe(`bytes 100-199/${wav.length}`);
    expect(Number(part.headers['content-length'])).toBe(100);
    expect(part.rawPayload.equals(wav.subarray(100, 200))).toBe(true);

    const open = await get(`${BASE}/${id}/audio`, 'staff', { range: `bytes=${wav.length - 10}-` });
    expect(open.statusCode).toBe(206);
    expect(open.rawPayload.equals(wav.subarray(wav.length - 10))).toBe(true);
    const suffix = await get(`${BASE}/${id}/audio`, 'staff', { range: 'bytes=-4' });
    expect(suffix.rawPayload.equals(wav.subarray(wav.length - 4))).toBe(true);

    for (const range of [`bytes=${wav.length}-`, 'bytes=50-10', 'bytes=nonsense']) {
      const bad = await get(`${BASE}/${id}/audio`, 'staff', { range });
      expect(bad.statusCode).toBe(416);
      expect(bad.headers['content-range']).toBe(`bytes */${wav.length}`);
    }
  });

  it('accepts an MP3 by its magic bytes', async () => {
    const mp3 = Buffer.concat([Buffer.from('ID3\x04\x00\x00\x00\x00\x00\x00'), Buffer.alloc(400, 0x55)]);
    const res = await put(mp3, 'audio/mpeg');
    expect(res.json()).toMatchObject({ content_type: 'audio/mpeg' });
    await put(wav);
  });

  it('the browser audio element is signed in by its session cookie', async () => {
    const { cookie } = await signIn(t.app, 'staff@openrescue.test', 'demo-staff');
    const res = await t.app.inject({
      method: 'GET',
      url: `${BASE}/${id}/audio`,
      headers: { cookie, range: 'bytes=0-3' },
    });
    expect(res.statusCode).toBe(206);
    expect(res.body).toBe('RIFF');
  });

  it('demo calls have a playable recording, generated on first use', async () => {
    const demo = await t.database.db
      .selectFrom('transcript')
      .select(['id', 'tw_call_length'])
      .where('audio_uri', 'like', 'transcripts/demo/%')
      .orderBy('id')
      .executeTakeFirstOrThrow();
    const res = await get(`${BASE}/${demo.id}/audio`);
    expect(res.statusCode).toBe(200);
    expect(res.rawPayload.subarray(0, 4).toString()).toBe('RIFF');
    expect(res.rawPayload.length).toBe(44 + demo.tw_call_length! * 8000);
    const again = await get(`${BASE}/${demo.id}/audio`);
    expect(again.rawPayload.equals(res.rawPayload)).toBe(true);
  });
});

describe('links to stores and receivers', () => {
  it('by phone number: the CRM display format matches the E.164 number of the call', async () => {
    const store = await t.database.db
      .selectFrom('store')
      .select(['id', 'name'])
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    await t.database.db
      .updateTable('network_organization')
      .set({ phone: '(555) 555-0188' })
      .where('store_id', '=', store.id)
      .execute();
    const res = await ingest({ call: { ...outbound, CallSid: sidN(50), To: '+15555550188', Called: '+15555550188' } });
    expect(res.json().store_id).toBe(store.id);
    expect((await detail(res.json().id)).store).toEqual({ id: store.id, name: store.name, match: 'phone' });
  });

  it('by caller name (CNAM) and by a name said in the call', async () => {
    const receiver = await t.database.db.selectFrom('receiver').select('id').orderBy('id').executeTakeFirstOrThrow();
    await t.database.db
      .updateTable('receiver')
      .set({ name: 'Harbor Pine Dental Outreach' })
      .where('id', '=', receiver.id)
      .execute();
    const store = await t.database.db
      .selectFrom('store')
      .select(['id', 'name'])
      .orderBy('id')
      .executeTakeFirstOrThrow();
    const res = await ingest({
      call: { ...inbound, CallSid: sidN(51), From: '+15555550999', Caller: '+15555550999' },
      transcript: { text: `Hi, we pick up at ${store.name} every Tuesday and it went well.` },
    });
    // The caller name links at once; the name said in the call, with the analysis.
    expect(res.json()).toMatchObject({ receiver_id: receiver.id, store_id: null });
    const d = await analysed(res);
    expect(d.receiver).toEqual({ id: receiver.id, name: 'Harbor Pine Dental Outreach', match: 'caller_name' });
    expect(d.store).toEqual({ id: store.id, name: store.name, match: 'name' });
    expect(d.transcript_from_aai!.entities).toContainEqual(
      expect.objectContaining({ entity_type: 'organization', text: store.name }),
    );
  });

  it('no link when nothing matches', async () => {
    const res = await ingest({
      call: { tw_call_sid: sidN(52), From: '+15555550000' },
      transcript: { text: 'Nothing to see.' },
    });
    expect(res.json()).toMatchObject({ store_id: null, receiver_id: null });
  });

  it('demo calls are linked to the store or receiver they are about', async () => {
    const rows = await t.database.db
      .selectFrom('transcript')
      .select(['store_id', 'receiver_id', 'store_match', 'receiver_match'])
      .where('audio_uri', 'like', 'transcripts/demo/%')
      .execute();
    expect(rows.length).toBe(24);
    expect(rows.every((r) => r.store_id !== null || r.receiver_id !== null)).toBe(true);
    expect(rows.some((r) => r.store_match === 'phone' || r.receiver_match === 'phone')).toBe(true);
  });
});
