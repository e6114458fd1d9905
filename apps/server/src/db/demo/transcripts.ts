import type { Kysely } from 'kysely';
import type { DB } from '../schema.js';
import { localTimeToUtcMs } from './calendar.js';
import { FIRST_NAMES, LAST_NAMES } from './catalog.js';
import { CALL_SCRIPTS, type Sentiment } from './call-scripts.js';
import { DEMO_AUDIO_PREFIX } from '../../modules/transcripts/transcripts.demo-audio.js';
import { buildAnalysis } from '../../modules/transcripts/transcripts.ingest.js';
import { findLinks } from '../../modules/transcripts/transcripts.linking.js';
import type { DemoNetwork } from './network.js';
import { createRng, seededUuid, type Rng } from './prng.js';

const OUR_LINE = '+16045550100';
const ACCOUNT_SID = 'ACaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa';
const WEEKDAYS = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];

interface Word {
  text: string;
  start: number;
  end: number;
  confidence: number;
  speaker: string;
}

function fill(text: string, values: Record<string, string>): string {
  return text.replace(/\{(\w+)\}/g, (_, key: string) => values[key] ?? key);
}

const conf = (rng: Rng) => Math.round((0.82 + rng.next() * 0.17) * 1e6) / 1e6;

/**
 * A transcript object in the speech-analysis provider's shape (see
 * fixtures/transcripts/assemblyai-transcript-captured.json).
 */
function analyse(rng: Rng, scriptIndex: number, values: Record<string, string>, recordingUrl: string) {
  const script = CALL_SCRIPTS[scriptIndex];
  let clock = 400 + rng.int(0, 600);
  type Utterance = { speaker: string; text: string; confidence: number; start: number; end: number; words: Word[] };
  const utterances: Utterance[] = [];
  const sentences: { speaker: string; text: string; start: number; end: number; sentiment: Sentiment }[] = [];
  const allWords: Word[] = [];
  for (const [speaker, template, sentiment] of script.lines) {
    const text = fill(template, values);
    const words: Word[] = text.split(' ').map((w) => {
      const start = clock;
      clock += 180 + w.length * 55 + rng.int(0, 120);
      return { text: w, start, end: clock, confidence: conf(rng), speaker };
    });
    let cursor = 0;
    for (const sentence of text.split(/(?<=[.?!])\s+/)) {
      const n = sentence.split(' ').length;
      const first = words[cursor];
      const last = words[Math.min(words.length - 1, cursor + n - 1)];
      cursor += n;
      sentences.push({ speaker, text: sentence, start: first.start, end: last.end, sentiment });
    }
    utterances.push({ speaker, text, confidence: conf(rng), start: words[0].start, end: clock, words });
    allWords.push(...words);
    clock += 500 + rng.int(0, 900);
  }
  const fullText = utterances.map((u) => u.text).join(' ');
  const find = (needle: string) => {
    const first = needle.split(' ')[0].replace(/[.,?!]/g, '');
    const at = allWords.findIndex((w) => w.text.replace(/[.,?!']/g, '').startsWith(first.replace(/'/g, '')));
    const w = allWords[Math.max(0, at)];
    const lastIndex = Math.min(allWords.length - 1, Math.max(0, at) + needle.split(' ').length - 1);
    return { start: w.start, end: allWords[lastIndex].end };
  };
  const entities = [
    { entity_type: 'person_name', text: values.caller },
    { entity_type: 'organization', text: values.store },
    { entity_type: 'organization', text: values.receiver },
  ]
    .filter((e) => fullText.includes(e.text))
    .map((e) => ({ ...e, ...find(e.text) }));
  const counts: Record<Sentiment, number> = { POSITIVE: 0, NEUTRAL: 0, NEGATIVE: 0 };
  for (const s of sentences) counts[s.sentiment]++;
  const score = (counts.POSITIVE - counts.NEGATIVE) / sentences.length;
  const overall: Sentiment = score > 0.2 ? 'POSITIVE' : score < -0.2 ? 'NEGATIVE' : 'NEUTRAL';
  const pct = (n: number) => Math.round((n / sentences.length) * 1000) / 10;
  const headline = fill(script.headline, values);
  const summary = fill(script.summary, values);
  const transcript = {
    id: seededUuid(rng),
    status: 'completed',
    audio_url: recordingUrl,
    language_code: 'en_us',
    punctuate: true,
    format_text: true,
    speaker_labels: true,
    auto_chapters: true,
    entity_detection: true,
    sentiment_analysis: true,
    auto_highlights: true,
    iab_categories: true,
    text: fullText,
    words: allWords.slice(0, 5),
    utterances,
    confidence: conf(rng),
    audio_duration: Math.ceil(clock / 1000),
    chapters: [{ gist: script.gist, headline, summary, start: utterances[0].start, end: clock }],
    entities,
    sentiment_analysis_results: sentences.map((s) => ({
      sentiment: s.sentiment,
      speaker: s.speaker,
      text: s.text,
      start: s.start,
      end: s.end,
      confidence: conf(rng),
    })),
    auto_highlights_result: {
      status: 'success',
      results: script.highlights
        .filter((h) => fullText.toLowerCase().includes(h))
        .map((h, i) => ({
          count: fullText.toLowerCase().split(h).length - 1,
          rank: Math.round((0.09 - i * 0.01) * 100) / 100,
          text: h,
          timestamps: [find(h)],
        })),
    },
    iab_categories_result: {
      status: 'success',
      results: [
        {
          text: fullText,
          labels: Object.entries(script.categories).map(([label, relevance]) => ({ relevance, label })),
          timestamp: { start: utterances[0].start, end: clock },
        },
      ],
      summary: script.categories,
    },
    summary,
  };
  const sentimentData = {
    overall,
    POSITIVE: pct(counts.POSITIVE),
    NEGATIVE: pct(counts.NEGATIVE),
    NEUTRAL: pct(counts.NEUTRAL),
  };
  return { transcript, headline, summary, overall, sentimentData };
}

/** '+16045550142' as people write it: '(604) 555-0142'. */
const display = (e164: string) => `(${e164.slice(2, 5)}) ${e164.slice(5, 8)}-${e164.slice(8)}`;

/**
 * Recorded calls of the last 90 days, every script at least once. The provider-shaped transcript goes through the
 * same normalisation as the ingest API; the calling organization's CRM record carries the number it called from, so
 * calls link to their store or receiver as ingested calls do; recordings are generated on first use (demo audio).
 */
export async function insertTranscripts(
  db: Kysely<DB>,
  network: DemoNetwork,
  todayDay: number,
  seed: number,
  count = 24,
) {
  const rng = createRng(seed, 'transcripts');
  const rows = [];
  const phones: { storeId: number | null; receiverId: number | null; phone: string }[] = [];
  for (let i = 0; i < count; i++) {
    const scriptIndex = i < CALL_SCRIPTS.length ? i : rng.int(0, CALL_SCRIPTS.length - 1);
    const script = CALL_SCRIPTS[scriptIndex];
    const wanted = scriptIndex === 3 ? 'compost' : scriptIndex === 4 ? 'farm' : 'charity';
    const links = network.links.filter((l) => l.kind === wanted);
    const link = links.length ? rng.pick(links) : rng.pick(network.links);
    const store = network.stores[link.storeId - 1];
    const receiver = network.receivers[link.receiverId - 1];
    const caller = `${rng.pick(FIRST_NAMES)} ${rng.pick(LAST_NAMES)}`;
    const agent = rng.pick(['Jamie', 'Alex', 'Robin', 'Sam']);
    const values = { store: store.name, receiver: receiver.name, caller, agent, weekday: rng.pick(WEEKDAYS) };
    const callSid = `CA${rng.hex(32)}`;
    const recordingSid = `RE${rng.hex(32)}`;
    const recordingUrl = `https://api.twilio.com/2010-04-01/Accounts/${ACCOUNT_SID}/Recordings/${recordingSid}`;
    const a = analyse(rng, scriptIndex, values, recordingUrl);
    const theirs = `+1${store.region === 'rdno' ? '250' : '604'}55501${String(rng.int(1, 99)).padStart(2, '0')}`;
    const inbound = script.direction === 'inbound';
    const aboutStore = scriptIndex === 0 || scriptIndex === 2;
    const organization = aboutStore ? store.name : receiver.name;
    phones.push({
      storeId: aboutStore ? store.id : null,
      receiverId: aboutStore ? null : receiver.id,
      phone: display(theirs),
    });
    const created = localTimeToUtcMs(todayDay - rng.int(1, 90), rng.int(8 * 3600, 17 * 3600));
    const stored = buildAnalysis(a.transcript);
    rows.push({
      created_at: new Date(created).toISOString(),
      updated_at: new Date(created + 600_000).toISOString(),
      tw_call_sid: callSid,
      tw_recording_sid: recordingSid,
      // The telephony provider sends a caller name (CNAM, at most 15 characters) for inbound calls only.
      tw_caller_name: inbound
        ? organization
            .toUpperCase()
            .replace(/[^A-Z0-9 ]/g, '')
            .slice(0, 15)
            .trim()
        : null,
      tw_to_number: inbound ? OUR_LINE : theirs,
      tw_from_number: inbound ? theirs : OUR_LINE,
      tw_call_direction: script.direction,
      tw_call_length: a.transcript.audio_duration + rng.int(2, 9),
      tw_call_status: 'completed',
      aai_transcript_id: a.transcript.id,
      aai_headline: stored.headline,
      aai_summary: stored.summary,
      aai_gist: stored.gist,
      sentiment_score: stored.score ?? 0,
      sentiment_data: JSON.stringify(stored.sentiment),
      transcript_from_aai: JSON.stringify(stored.stored),
      analysis_source: 'aai',
      audio_uri: `${DEMO_AUDIO_PREFIX}${callSid}.wav`,
      audio_content_type: 'audio/wav',
    } as const);
  }
  // The CRM record of each calling organization holds the first number it called from, in display format.
  for (const p of phones) {
    await db
      .updateTable('network_organization')
      .set({ phone: p.phone })
      .where(p.storeId ? 'store_id' : 'receiver_id', '=', (p.storeId ?? p.receiverId)!)
      .where('phone', 'is', null)
      .execute();
  }
  const inserted = await db
    .insertInto('transcript')
    .values(rows.map((r) => ({ ...r, sentiment_score: r.sentiment_score as -1 | 0 | 1 })))
    .returning(['id', 'tw_from_number', 'tw_to_number', 'tw_caller_name'])
    .execute();
  for (const [i, row] of inserted.entries()) {
    const text = JSON.parse(rows[i].transcript_from_aai).text as string;
    const found = await findLinks(db, {
      numbers: [row.tw_from_number, row.tw_to_number],
      callerName: row.tw_caller_name,
      text,
    });
    await db
      .updateTable('transcript')
      .set({
        store_id: found.store?.id ?? null,
        store_match: found.store?.match ?? null,
        receiver_id: found.receiver?.id ?? null,
        receiver_match: found.receiver?.match ?? null,
        linked_at: rows[i].updated_at,
      })
      .where('id', '=', row.id)
      .execute();
  }
  return rows.length;
}
