import { beforeAll, describe, expect, it } from 'vitest';
import { callSid as sidN, transcriptFixture as fixture } from '../../test-support/fixtures/transcript-payloads.js';
import {
  INTEGRATION_KEYS_BASE as KEYS,
  TRANSCRIPTS_BASE as BASE,
  transcriptsTestApp,
} from '../../test-support/fixtures/transcripts-app.js';
import type { TestApp } from '../../test-support/test-app.js';

// Recordings and the links to stores and receivers: transcripts.recordings-links.test.ts.
const captured = fixture('assemblyai-transcript-captured.json');
const openapi = fixture('assemblyai-transcript-openapi-example.json');
const fragments = fixture('assemblyai-docs-feature-fragments.json');
const outbound = fixture('twilio-call-status.json');
const inbound = fixture('twilio-call-status-inbound.json');
const recording = fixture('twilio-recording-status.json');

const app = transcriptsTestApp();
const { as, get, ingest, detail, analysed, count } = app;
let t: TestApp;
let key: string;
beforeAll(() => {
  ({ t, key } = app.state);
});

describe('integration keys', () => {
  it('are shown once; only a hash is stored; staff only', async () => {
    const res = await t.app.inject({ method: 'POST', url: KEYS, headers: as('staff'), payload: { name: 'speech' } });
    expect(res.statusCode).toBe(201);
    const created = res.json();
    expect(created.key).toMatch(/^ork_[A-Za-z0-9_-]{43}$/);
    const stored = await t.database.db
      .selectFrom('integration_key')
      .select('key_hash')
      .where('id', '=', created.id)
      .executeTakeFirstOrThrow();
    expect(stored.key_hash).not.toContain(created.key);
    const list = (await get(KEYS)).json();
    expect(list.results.map((k: { name: string }) => k.name)).toEqual(['telephony', 'speech']);
    expect(JSON.stringify(list)).not.toContain('ork_');
    expect(
      (await t.app.inject({ method: 'POST', url: KEYS, headers: as('staff'), payload: { name: 'speech' } })).statusCode,
    ).toBe(409);
    expect((await t.app.inject({ method: 'POST', url: KEYS, payload: { name: 'x' } })).statusCode).toBe(401);
    expect(
      (await t.app.inject({ method: 'POST', url: KEYS, headers: as('company'), payload: { name: 'x' } })).statusCode,
    ).toBe(403);
    expect((await get(KEYS, 'company')).statusCode).toBe(403);
  });

  it('a revoked key stops working at once and stores nothing', async () => {
    const made = (
      await t.app.inject({ method: 'POST', url: KEYS, headers: as('staff'), payload: { name: 'short-lived' } })
    ).json();
    expect((await ingest({ call: { tw_call_sid: sidN(900) } }, made.key)).statusCode).toBe(201);
    const revoked = await t.app.inject({ method: 'DELETE', url: `${KEYS}/${made.id}`, headers: as('staff') });
    expect(revoked.json().revoked_at).toEqual(expect.any(String));
    const before = await count();
    const res = await ingest({ call: { tw_call_sid: sidN(901) } }, made.key);
    expect(res.statusCode).toBe(401);
    expect(res.json()).toMatchObject({ type: 'unauthorized', message: 'The integration key is not valid.' });
    expect((await ingest({ call: { tw_call_sid: sidN(902) } }, 'ork_wrong')).statusCode).toBe(401);
    const none = await t.app.inject({ method: 'POST', url: BASE, payload: { call: { tw_call_sid: sidN(903) } } });
    expect(none.statusCode).toBe(401);
    // A staff session is not an integration key.
    expect(
      (
        await t.app.inject({
          method: 'POST',
          url: BASE,
          headers: as('staff'),
          payload: { call: { tw_call_sid: sidN(904) } },
        })
      ).statusCode,
    ).toBe(401);
    expect(await count()).toBe(before);
    expect((await t.app.inject({ method: 'DELETE', url: `${KEYS}/99999`, headers: as('staff') })).statusCode).toBe(404);
  });
});

describe('ingest of the provider samples', () => {
  it('captured transcript + outbound status callback: kept as it came, categories analysed here', async () => {
    const res = await ingest({ call: outbound, transcript: captured });
    expect(res.json()).toMatchObject({ created: true, analysis_status: 'pending' });
    const d = await analysed(res);
    expect(d).toMatchObject({
      analysis_source: 'local',
      analysis_local: ['categories'],
      tw_call_sid: outbound.CallSid,
      tw_to_number: '+15555550123',
      tw_from_number: '+15555550100',
      tw_call_direction: 'outbound-api',
      tw_call_length: 187,
      tw_call_status: 'completed',
      tw_caller_name: null,
    });
    const a = d.transcript_from_aai!;
    expect(a.utterances).toHaveLength(20);
    expect(new Set(a.utterances.map((u) => u.speaker))).toEqual(new Set(['A', 'B']));
    expect(a.sentiment_analysis_results).toHaveLength(54);
    expect(a.entities).toHaveLength(34);
    expect(a.auto_highlights_result.results).toHaveLength(15);
    expect(a.chapters).toHaveLength(3);
    expect(d.aai_headline).toBe(captured.chapters[0].headline);
    expect(d.aai_gist).toBe(captured.chapters.map((c: { gist: string }) => c.gist).join(' · '));
    expect(Object.keys(a.iab_categories_result.summary).length).toBeGreaterThan(0);
    expect(a).not.toHaveProperty('words');
    const pct = d.sentiment_data!;
    expect(pct.POSITIVE + pct.NEGATIVE + pct.NEUTRAL).toBeCloseTo(100, 0);
    expect(d.sentiment_score).toBe(pct.overall === 'POSITIVE' ? 1 : pct.overall === 'NEGATIVE' ? -1 : 0);
    // Utterances carry the sentiment of their sentences.
    expect(a.utterances.every((u) => u.sentiment !== undefined)).toBe(true);
  });

  it('the recording callback (form-encoded, as the telephony provider posts it) updates the same call', async () => {
    const before = await count();
    const res = await t.app.inject({
      method: 'POST',
      url: BASE,
      headers: { authorization: `Bearer ${key}`, 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams(recording).toString(),
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ created: false, analysis_status: 'done' });
    const d = await detail(res.json().id);
    expect(d).toMatchObject({ analysis_source: 'local', analysis_status: 'done' });
    expect(d.tw_call_length).toBe(187); // CallDuration already known; RecordingDuration does not replace it
    expect(d.transcript_from_aai?.utterances).toHaveLength(20);
    const row = await t.database.db
      .selectFrom('transcript')
      .select('tw_recording_sid')
      .where('id', '=', d.id)
      .executeTakeFirstOrThrow();
    expect(row.tw_recording_sid).toBe(recording.RecordingSid);
    expect(await count()).toBe(before);
  });

  it('OpenAPI example: its summary bullets, sentiment computed here (the sample has none)', async () => {
    const d = await analysed(await ingest({ call: { ...inbound, CallSid: sidN(1) }, transcript: openapi }));
    expect(d).toMatchObject({ analysis_source: 'local', analysis_local: ['sentiment'] });
    expect(d.aai_summary).toContain('\n- ');
    expect(d.aai_summary).not.toContain('\\n');
    expect(d.transcript_from_aai!.sentiment_analysis_results.length).toBeGreaterThan(3);
    expect(d.sentiment_data).not.toBeNull();
    expect(d.transcript_from_aai!.iab_categories_result.summary).toEqual(openapi.iab_categories_result.summary);
    expect(d).toMatchObject({ tw_caller_name: 'HARBOR PINE DEN', tw_call_direction: 'inbound', tw_call_length: 312 });
  });

  it('docs fragments merged into a transcript with text: everything from the provider, speakers UNK', async () => {
    const d = await analysed(
      await ingest({
        call: { tw_call_sid: sidN(2), tw_call_length: 281 },
        transcript: { ...fragments, status: 'completed', text: openapi.text },
      }),
    );
    expect(d).toMatchObject({ analysis_source: 'aai', analysis_local: [] });
    const a = d.transcript_from_aai!;
    expect(a.sentiment_analysis_results).toHaveLength(61);
    expect(a.entities).toHaveLength(33);
    expect(a.sentiment_analysis_results.every((s) => s.speaker === 'UNK')).toBe(true);
    expect(a.utterances).toEqual([expect.objectContaining({ speaker: 'UNK', text: openapi.text })]);
  });

  it('a transcript with text only is analysed here in full', async () => {
    const text =
      'Hello, this is Dana from the shelter. Thank you so much for the bread donation, it was wonderful. ' +
      'Our fridge is broken and that is a terrible problem. Please call me back at (604) 555-0177.';
    const d = await analysed(
      await ingest({
        call: { tw_call_sid: sidN(3), tw_call_length: '45', tw_call_direction: 'inbound' },
        transcript: { text },
      }),
    );
    expect(d).toMatchObject({
      analysis_source: 'local',
      analysis_local: ['sentiment', 'entities', 'highlights', 'categories'],
    });
    expect(d.transcript_from_aai!.entities).toContainEqual(
      expect.objectContaining({ entity_type: 'phone_number', text: '(604) 555-0177' }),
    );
    expect(d.transcript_from_aai!.sentiment_analysis_results.map((s) => s.sentiment).slice(0, 3)).toEqual([
      'NEUTRAL',
      'POSITIVE',
      'NEGATIVE',
    ]);
    expect(d.tw_call_length).toBe(45);
  });
});

describe('bad ingest payloads: a clear 400, nothing stored', () => {
  const bad: [string, unknown, RegExp][] = [
    ['no call', { transcript: { text: 'hi' } }, /body\.call/],
    ['no call id', { call: { From: '+15555550100' } }, /tw_call_sid \(or CallSid\) is required/],
    ['a malformed call id', { call: { CallSid: 'CA123' } }, /CallSid/],
    ['a length that is not a number', { call: { tw_call_sid: sidN(10), tw_call_length: 'long' } }, /tw_call_length/],
    ['a duration that is not a number', { call: { CallSid: sidN(11), CallDuration: '3 minutes' } }, /CallDuration/],
    ['an unknown direction', { call: { CallSid: sidN(12), Direction: 'sideways' } }, /Direction/],
    ['disagreeing names', { call: { CallSid: sidN(13), tw_call_sid: sidN(14) } }, /different values/],
    [
      'utterances that are not a list',
      { call: { tw_call_sid: sidN(15) }, transcript: { text: 'hi', utterances: 'A: hi' } },
      /utterances/,
    ],
    [
      'an unknown sentiment',
      {
        call: { tw_call_sid: sidN(16) },
        transcript: { text: 'hi', sentiment_analysis_results: [{ sentiment: 'HAPPY', text: 'hi', start: 0, end: 1 }] },
      },
      /sentiment/,
    ],
    ['fragments without text', { call: { tw_call_sid: sidN(17) }, transcript: fragments }, /transcript\.text/],
    ['an unknown top-level field', { call: { tw_call_sid: sidN(18) }, extra: 1 }, /extra|Unrecognized/i],
    [
      '200,005 characters of text',
      { call: { tw_call_sid: sidN(19) }, transcript: { text: 'word '.repeat(40_001) } },
      /text/,
    ],
  ];
  for (const [what, payload, detail] of bad) {
    it(what, async () => {
      const before = await count();
      const res = await ingest(payload);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ type: 'validation_error', message: expect.any(String) });
      expect(res.json().detail).toMatch(detail);
      expect(await count()).toBe(before);
    });
  }

  it('bad JSON', async () => {
    const before = await count();
    const res = await t.app.inject({
      method: 'POST',
      url: BASE,
      headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
      payload: '{"call": {',
    });
    expect(res.statusCode).toBe(400);
    expect(await count()).toBe(before);
  });
});

describe('the list and its filters', () => {
  const list = async (query: string) => {
    const res = await get(`${BASE}?${query}`);
    expect(res.statusCode).toBe(200);
    return res.json() as {
      count: number;
      next: string | null;
      results: {
        id: number;
        tw_call_length: number | null;
        sentiment_score: number | null;
        tw_caller_name: string | null;
        aai_gist: string | null;
        created_at: string;
      }[];
    };
  };

  it('pages newest first', async () => {
    const all = await list('page_size=5');
    expect(all.count).toBeGreaterThanOrEqual(24);
    expect(all.results).toHaveLength(5);
    expect(all.next).toContain('page=2');
    const times = all.results.map((r) => r.created_at);
    expect([...times].sort().reverse()).toEqual(times);
  });

  it('Sentiment Score: neutral is >= 0, negative < 0, together everything', async () => {
    const all = await list('page_size=1000');
    const neutral = await list('sentiment_score=neutral&page_size=1000');
    const negative = await list('sentiment_score=negative&page_size=1000');
    expect(neutral.results.every((r) => r.sentiment_score! >= 0)).toBe(true);
    expect(negative.results.every((r) => r.sentiment_score! < 0)).toBe(true);
    expect(negative.count).toBeGreaterThan(0);
    expect(neutral.count + negative.count).toBe(all.results.filter((r) => r.sentiment_score !== null).length);
  });

  it('Call greater than (s)', async () => {
    const long = await list('tw_call_length__gte=60&page_size=1000');
    expect(long.count).toBeGreaterThan(0);
    expect(long.results.every((r) => r.tw_call_length! >= 60)).toBe(true);
    expect((await list('tw_call_length__gte=100000')).count).toBe(0);
  });

  it('Search: caller name, a number in any format, the gist', async () => {
    expect((await list('search=harbor pine')).results.map((r) => r.tw_caller_name)).toEqual(['HARBOR PINE DEN']);
    const byNumber = await list(`search=${encodeURIComponent('(555) 555-0123')}`);
    expect(byNumber.results.length).toBeGreaterThan(0);
    expect((await list('search=%2B15555550123')).count).toBe(byNumber.count);
    const gist = captured.chapters[0].gist as string;
    expect(
      (await list(`search=${encodeURIComponent(gist.toLowerCase())}`)).results.some((r) => r.aai_gist?.includes(gist)),
    ).toBe(true);
    expect((await list('search=Missed pickup')).count).toBeGreaterThan(0);
    expect((await list('search=zzzz-nothing')).count).toBe(0);
  });

  it('refuses bad filters', async () => {
    expect((await get(`${BASE}?sentiment_score=happy`)).statusCode).toBe(400);
    expect((await get(`${BASE}?tw_call_length__gte=-1`)).statusCode).toBe(400);
    expect((await get(`${BASE}?tw_call_length__gte=ten`)).statusCode).toBe(400);
    expect((await get(`${BASE}?colour=red`)).statusCode).toBe(400);
  });
});

describe('staff only', () => {
  it('anonymous 401, company and store users 403, a missing transcript 404', async () => {
    const some = (await get(`${BASE}?page_size=1`)).json().results[0].id;
    for (const url of [BASE, `${BASE}/${some}`, `${BASE}/${some}/audio`]) {
      expect((await get(url, null)).statusCode).toBe(401);
      expect((await get(url, 'company')).statusCode).toBe(403);
      expect((await get(url, 'store')).statusCode).toBe(403);
    }
    expect((await get(`${BASE}/999999`)).statusCode).toBe(404);
    expect((await get(`${BASE}/abc`)).statusCode).toBe(400);
  });
});
