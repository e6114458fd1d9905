import { readFileSync } from 'node:fs';

/** The provider samples of fixtures/transcripts (SOURCES.md says where each comes from). */
export const transcriptFixture = (name: string) =>
  JSON.parse(readFileSync(new URL(`../../../../../fixtures/transcripts/${name}`, import.meta.url), 'utf8'));

export const callSid = (n: number) => `CA${n.toString(16).padStart(32, '0')}`;

interface Utterance { speaker: string; text: string; confidence: number; start: number; end: number }

/**
 * A long call as the speech-analysis provider sends it: the captured sample's 20 utterances said again and again
 * (times moved on) until the text has about `textChars` characters, each utterance and the whole call with its
 * per-word timings (the provider's words arrays), and none of the provider's analysis, so all of it is made here.
 * 145,000 characters make a body of about 4.3 MB: a call of some two and a half hours.
 */
export function longCallTranscript(textChars = 145_000) {
  const captured = transcriptFixture('assemblyai-transcript-captured.json') as { utterances: Utterance[]; audio_duration: number };
  const utterances: (Utterance & { words: object[] })[] = [];
  const words: object[] = [];
  let length = 0;
  for (let round = 0; length < textChars; round++) {
    const offset = round * captured.audio_duration * 1000;
    for (const u of captured.utterances) {
      const said = u.text.split(/\s+/);
      const step = (u.end - u.start) / said.length;
      const mine = said.map((text, i) => ({
        text, start: Math.round(offset + u.start + i * step), end: Math.round(offset + u.start + (i + 1) * step),
        confidence: 0.9, speaker: u.speaker,
      }));
      utterances.push({ speaker: u.speaker, text: u.text, confidence: u.confidence, start: offset + u.start, end: offset + u.end, words: mine });
      words.push(...mine);
      length += u.text.length + 1;
    }
  }
  return {
    id: 'long-call-0001', status: 'completed', audio_url: 'https://example.org/long-call.mp3',
    text: utterances.map((u) => u.text).join(' '), audio_duration: Math.round(utterances.at(-1)!.end / 1000),
    words, utterances,
  };
}
