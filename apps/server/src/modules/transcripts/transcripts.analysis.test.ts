import { describe, expect, it } from 'vitest';
import { categories, findEntities, keyPhrases, sentenceSentiments, sentimentSummary } from './transcripts.analysis.js';
import { sniffAudio, parseRange } from './transcripts.audio.js';
import { demoCallWav } from './transcripts.demo-audio.js';
import { buildAnalysis, callFields, speakerOf } from './transcripts.ingest.js';
import { cnamForm, normalisePhone, phonesIn } from './transcripts.linking.js';

// Pure parts of the transcripts module (no database): local analysis, audio sniffing and ranges, phone numbers.
describe('local analysis (wink-nlp)', () => {
  it('scores known sentences: praise positive, complaint negative, logistics neutral', () => {
    const s = sentenceSentiments([
      {
        speaker: 'B',
        start: 0,
        end: 9000,
        text: 'Thank you so much, we really appreciate it! This is really frustrating and terrible for my team. The truck arrives at nine.',
      },
    ]);
    expect(s.map((x) => x.sentiment)).toEqual(['POSITIVE', 'NEGATIVE', 'NEUTRAL']);
    expect(s.every((x) => x.speaker === 'B')).toBe(true);
    // Times are shared out over the passage in order.
    expect(s[0].start).toBe(0);
    expect(s[1].start!).toBeGreaterThan(s[0].start!);
    expect(s[2].end!).toBeLessThanOrEqual(9000);
  });

  it('handles negation: "not happy" is not positive', () => {
    const [s] = sentenceSentiments([
      { speaker: 'A', start: null, end: null, text: 'We are not happy with the service.' },
    ]);
    expect(s.sentiment).not.toBe('POSITIVE');
    expect(s.start).toBeNull();
  });

  it('summarises: overall and percentages', () => {
    expect(sentimentSummary([{ sentiment: 'POSITIVE' }, { sentiment: 'POSITIVE' }, { sentiment: 'NEUTRAL' }])).toEqual({
      overall: 'POSITIVE',
      POSITIVE: 66.7,
      NEGATIVE: 0,
      NEUTRAL: 33.3,
    });
    expect(sentimentSummary([{ sentiment: 'NEGATIVE' }, { sentiment: 'NEUTRAL' }])?.overall).toBe('NEGATIVE');
    expect(sentimentSummary([])).toBeNull();
  });

  it('finds entities: phone numbers, e-mail, money, dates, known organizations and people', () => {
    const e = findEntities(
      'Hi, this is Maria Lopez at Fresh Mart Kitsilano. Call me at (604) 555-0123 or email maria@example.com. It cost $250 on March 3rd.',
      ['Fresh Mart Kitsilano'],
    );
    const by = (type: string) => e.filter((x) => x.entity_type === type).map((x) => x.text);
    expect(by('phone_number')).toEqual(['(604) 555-0123']);
    expect(by('email_address')).toEqual(['maria@example.com']);
    expect(by('money_amount')).toEqual(['$250']);
    expect(by('date')).toContain('March 3rd');
    expect(by('organization')).toEqual(['Fresh Mart Kitsilano']);
    expect(by('person_name')).toEqual(['Maria Lopez']);
  });

  it('ranks key phrases by frequency', () => {
    const h = keyPhrases(
      'The replacement driver brings extra bins. The replacement driver comes at nine. Extra bins help the food bank.',
    );
    expect(h[0]).toMatchObject({ text: 'replacement driver', count: 2, rank: 1 });
    expect(h.map((x) => x.text)).toContain('extra bins');
    expect(h.every((x) => x.rank > 0 && x.rank <= 1)).toBe(true);
  });

  it('categorises with the food-rescue taxonomy', () => {
    const c = categories(
      'The charity volunteers serve families in the community; the driver picks up the surplus from the store.',
    );
    expect(Object.keys(c)[0]).toBe('Society>Charity');
    expect(c).toHaveProperty('Automotive');
    expect(Object.values(c).reduce((a, b) => a + b, 0)).toBeCloseTo(1, 3);
    expect(categories('Hello there.')).toEqual({});
  });
});

describe('ingest mapping', () => {
  it('maps the telephony callback names to tw_ fields and refuses disagreement', () => {
    expect(
      callFields({
        CallSid: `CA${'a'.repeat(32)}`,
        From: '+15555550100',
        CallDuration: '187',
        Direction: 'outbound-api',
      }),
    ).toEqual({
      tw_call_sid: `CA${'a'.repeat(32)}`,
      tw_from_number: '+15555550100',
      tw_call_length: 187,
      tw_call_direction: 'outbound-api',
    });
    expect(() => callFields({ CallSid: `CA${'a'.repeat(32)}`, tw_call_sid: `CA${'b'.repeat(32)}` })).toThrow(
      /disagree/,
    );
    expect(() => callFields({ From: '+1' })).toThrow(/no id/);
  });

  it('labels speakers A to G, else UNK', () => {
    expect(['a', 'G', 'H', null, '1', 'UNK'].map(speakerOf)).toEqual(['A', 'G', 'UNK', 'UNK', 'UNK', 'UNK']);
  });

  it('analyses a text-only transcript here, every part', () => {
    const a = buildAnalysis({
      text: 'Thank you, that is wonderful. The driver will bring extra bins to the food bank.',
    });
    expect(a.local).toEqual(['sentiment', 'entities', 'highlights', 'categories']);
    expect(a.stored.utterances).toEqual([expect.objectContaining({ speaker: 'UNK', start: null })]);
    expect(a.sentiment?.overall).toBe('POSITIVE');
    expect(a.score).toBe(1);
  });
});

describe('audio and phone helpers', () => {
  it('recognises recordings by magic bytes', () => {
    const wav = demoCallWav({ seed: 'x', seconds: 1, utterances: [] });
    expect(sniffAudio(wav)?.contentType).toBe('audio/wav');
    expect(wav.length).toBe(44 + 8000);
    const pad = (head: number[] | string) => Buffer.concat([Buffer.from(head as never), Buffer.alloc(32)]);
    expect(sniffAudio(pad('ID3\x04\x00'))?.ext).toBe('mp3');
    expect(sniffAudio(pad([0xff, 0xfb, 0x90, 0x64]))?.ext).toBe('mp3');
    expect(sniffAudio(pad('OggS'))?.ext).toBe('ogg');
    expect(sniffAudio(pad('\x00\x00\x00\x20ftypM4A '))?.ext).toBe('m4a');
    expect(sniffAudio(pad('%PDF-1.7'))).toBeNull();
    expect(sniffAudio(pad('RIFF\x00\x00\x00\x00AVI LIST'))).toBeNull();
    expect(sniffAudio(Buffer.from('RIFF'))).toBeNull();
  });

  it('parses ranges', () => {
    expect(parseRange(undefined, 100)).toBe('none');
    expect(parseRange('bytes=0-9', 100)).toEqual({ start: 0, end: 9 });
    expect(parseRange('bytes=90-', 100)).toEqual({ start: 90, end: 99 });
    expect(parseRange('bytes=-10', 100)).toEqual({ start: 90, end: 99 });
    expect(parseRange('bytes=50-500', 100)).toEqual({ start: 50, end: 99 });
    expect(parseRange('bytes=100-', 100)).toBe('unsatisfiable');
    expect(parseRange('bytes=9-2', 100)).toBe('unsatisfiable');
    expect(parseRange('bytes=0-1,5-6', 100)).toBe('unsatisfiable');
    expect(parseRange('bytes=abc', 100)).toBe('unsatisfiable');
    expect(parseRange('items=0-1', 100)).toBe('none');
  });

  it('normalises phone numbers: display format and E.164 agree', () => {
    expect(normalisePhone('(555) 555-0123')).toBe('15555550123');
    expect(normalisePhone('+15555550123')).toBe('15555550123');
    expect(normalisePhone('555.555.0123')).toBe('15555550123');
    expect(normalisePhone('+44 20 7946 0958')).toBe('442079460958');
    expect(normalisePhone('12')).toBeNull();
    expect(phonesIn('call 604-555-0199 or (250) 555-0101')).toEqual(['16045550199', '12505550101']);
    expect(cnamForm('Harbor Pine Dental, Inc.')).toBe('HARBOR PINE DENTAL INC');
  });
});
