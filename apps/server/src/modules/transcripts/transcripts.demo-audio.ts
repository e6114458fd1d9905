import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.js';
import type { FileStore } from '../../storage/file-store.js';
import { demoCall, demoCallsNotStored, setDemoAudioStored } from './calls.repository.js';

/**
 * Recordings of the demo calls (decision 0013): nothing is downloaded. Each is a small, deterministic WAV (8 kHz,
 * mono, 8-bit PCM, about 8 kB a second) as long as the call: a line hiss, and a buzzing "voice" for every utterance of
 * the transcript, pitched by speaker and shaped into syllables, so the player's position follows the conversation.
 */

export const DEMO_AUDIO_PREFIX = 'transcripts/demo/';
const RATE = 8000;
// One period of each shape, looked up by phase (a 4,096-step table): the demo network's 24 calls took ~5 s of CPU at
// every first start with a sine, a power and three more sines per sample, and ~0.3 s with these.
const TABLE = 4096;
const MASK = TABLE - 1;
const shape = (f: (x: number) => number) =>
  Float32Array.from({ length: TABLE }, (_, k) => f((2 * Math.PI * k) / TABLE));
const SINE = shape(Math.sin);
// The voice: a tone with its second and third harmonics.
const VOICE = shape((x) => Math.sin(x) + 0.5 * Math.sin(2 * x) + 0.25 * Math.sin(3 * x));
// A syllable's loudness: |sin|^0.6 over half a turn, so one period of the table is one syllable.
const SYLLABLE = shape((x) => Math.pow(Math.abs(Math.sin(x / 2)), 0.6));

function seedOf(text: string): number {
  let h = 2166136261;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 16777619);
  return h >>> 0;
}

export interface DemoCall {
  seed: string;
  seconds: number;
  utterances: { speaker: string; start: number | null; end: number | null }[];
}

export function demoCallWav({ seed, seconds, utterances }: DemoCall): Buffer {
  const n = Math.max(1, Math.round(Math.min(Math.max(seconds, 1), 3600) * RATE));
  const out = Buffer.alloc(44 + n);
  out.write('RIFF', 0, 'ascii');
  out.writeUInt32LE(36 + n, 4);
  out.write('WAVE', 8, 'ascii');
  out.write('fmt ', 12, 'ascii');
  out.writeUInt32LE(16, 16);
  out.writeUInt16LE(1, 20); // PCM
  out.writeUInt16LE(1, 22); // mono
  out.writeUInt32LE(RATE, 24);
  out.writeUInt32LE(RATE, 28); // bytes a second
  out.writeUInt16LE(1, 32); // block align
  out.writeUInt16LE(8, 34); // bits a sample
  out.write('data', 36, 'ascii');
  out.writeUInt32LE(n, 40);

  let state = seedOf(seed) || 1;
  const random = () => {
    state ^= state << 13;
    state >>>= 0;
    state ^= state >>> 17;
    state ^= state << 5;
    state >>>= 0;
    return state / 4294967296;
  };
  const signal = new Float32Array(n);
  for (let i = 0; i < n; i++) signal[i] = (random() - 0.5) * 0.03;
  for (const u of utterances) {
    if (u.start === null || u.end === null) continue;
    const from = Math.max(0, Math.floor((u.start / 1000) * RATE));
    const to = Math.min(n, Math.floor((u.end / 1000) * RATE));
    const base = u.speaker === 'A' ? 130 : u.speaker === 'B' ? 205 : 165;
    const syllable = 3.5 + random() * 1.5;
    const drift = random() * TABLE;
    let phase = 0;
    for (let i = from; i < to; i++) {
      const t = (i - from) / RATE;
      const f = base * (1 + 0.08 * SINE[(drift + t * 0.7 * TABLE) & MASK]);
      phase += (f * TABLE) / RATE;
      const envelope = SYLLABLE[(t * syllable * TABLE) & MASK];
      signal[i] += 0.32 * envelope * VOICE[phase & MASK];
    }
  }
  for (let i = 0; i < n; i++) out[44 + i] = Math.max(0, Math.min(255, Math.round(128 + signal[i] * 127)));
  return out;
}

/** The recording a demo row refers to, generated from its transcript (and stored by the caller). */
export async function demoAudioFor(db: Kysely<DB>, id: number): Promise<Buffer | null> {
  const row = await demoCall(db, id);
  if (!row?.audio_uri?.startsWith(DEMO_AUDIO_PREFIX)) return null;
  const analysis = (row.transcript_from_aai ?? {}) as { utterances?: DemoCall['utterances']; audio_duration?: number };
  const seconds = row.tw_call_length ?? analysis.audio_duration ?? 30;
  return demoCallWav({
    seed: row.tw_call_sid ?? String(id),
    seconds,
    utterances: Array.isArray(analysis.utterances) ? analysis.utterances : [],
  });
}

/** Stores the demo recordings not stored yet (at start, in the background); returns how many. */
export async function storeMissingDemoAudio(
  db: Kysely<DB>,
  files: FileStore,
  stopping: () => boolean = () => false,
): Promise<number> {
  const rows = await demoCallsNotStored(db, DEMO_AUDIO_PREFIX);
  let stored = 0;
  for (const row of rows) {
    if (stopping()) break; // the rest on the next start
    if (await ensureDemoAudio(db, files, row.id, row.audio_uri!)) stored++;
  }
  return stored;
}

/** Writes one demo recording if it is missing; true when it was written. */
export async function ensureDemoAudio(db: Kysely<DB>, files: FileStore, id: number, key: string): Promise<boolean> {
  if (await files.exists(key)) return false;
  const wav = await demoAudioFor(db, id);
  if (!wav) return false;
  const size = await files.write(key, wav);
  await setDemoAudioStored(db, id, size);
  return true;
}
