import type { SentimentData, SentimentLabel, SpeakerLabel, StoredAnalysis } from '@openrescue/shared';
import winkNLP, { type ItemCustomEntity, type ItemEntity, type ItemSentence, type WinkMethods } from 'wink-nlp';
import model from 'wink-eng-lite-web-model';

/**
 * Local analysis (DESIGN "Transcripts", decision 0013): when a transcript arrives with text but without the
 * speech-analysis provider's results, this fills them in the provider's shape: sentence sentiment (wink-nlp's
 * lexicon scorer with negation), entities (its named-entity recogniser, phone numbers, proper-noun names), key
 * phrases (noun phrases by part of speech, counted) and categories (a small food-rescue taxonomy of keywords).
 */

type Sentence = StoredAnalysis['sentiment_analysis_results'][number];
type Entity = StoredAnalysis['entities'][number];
type Highlight = StoredAnalysis['auto_highlights_result']['results'][number];
export interface Passage {
  speaker: SpeakerLabel;
  text: string;
  start: number | null;
  end: number | null;
}

/** A sentence is POSITIVE or NEGATIVE when wink-nlp's score (-1 to 1) reaches this far from 0. */
export const SENTENCE_THRESHOLD = 0.1;
/** The call is POSITIVE or NEGATIVE overall when (positive - negative sentences) / sentences passes this. */
export const OVERALL_THRESHOLD = 0.2;

let engine: { nlp: WinkMethods; its: WinkMethods['its']; as: WinkMethods['as'] } | null = null;

/** wink-nlp with its English model, loaded on first use (about 60 ms). */
function nlp() {
  if (!engine) {
    const instance = winkNLP(model);
    instance.learnCustomEntities([
      {
        name: 'proper_name',
        patterns: ['[PROPN] [PROPN]', '[PROPN] [PROPN] [PROPN]', '[PROPN] [PROPN] [PROPN] [PROPN]'],
      },
      {
        name: 'noun_phrase',
        patterns: ['[ADJ|NOUN] [NOUN]', '[ADJ|NOUN] [NOUN] [NOUN]', '[ADJ] [ADJ] [NOUN]', '[NUM] [NOUN] [ADP] [NOUN]'],
      },
    ]);
    engine = { nlp: instance, its: instance.its, as: instance.as };
  }
  return engine;
}

export function sentimentOf(score: number): SentimentLabel {
  if (score >= SENTENCE_THRESHOLD) return 'POSITIVE';
  if (score <= -SENTENCE_THRESHOLD) return 'NEGATIVE';
  return 'NEUTRAL';
}

/** Sentences with their sentiment; times are shared out over each passage by character position. */
export function sentenceSentiments(passages: Passage[]): Sentence[] {
  const { nlp: n, its } = nlp();
  const out: Sentence[] = [];
  for (const p of passages) {
    const doc = n.readDoc(p.text);
    const length = Math.max(1, p.text.length);
    let cursor = 0;
    doc.sentences().each((s: ItemSentence) => {
      const sentence = s.out().trim();
      if (!sentence) return;
      const at = Math.max(cursor, p.text.indexOf(sentence, cursor));
      cursor = at + sentence.length;
      const span = p.start !== null && p.end !== null ? p.end - p.start : null;
      const start = span === null ? null : Math.round(p.start! + (span * at) / length);
      const end = span === null ? null : Math.round(p.start! + (span * cursor) / length);
      out.push({
        speaker: p.speaker,
        text: sentence,
        start,
        end,
        sentiment: sentimentOf(Number(s.out(its.sentiment))),
        confidence: null,
      });
    });
  }
  return out;
}

/** Overall sentiment and whole-call percentages (one decimal) of the sentence results. */
export function sentimentSummary(sentences: Pick<Sentence, 'sentiment'>[]): SentimentData | null {
  if (!sentences.length) return null;
  const counts: Record<SentimentLabel, number> = { POSITIVE: 0, NEUTRAL: 0, NEGATIVE: 0 };
  for (const s of sentences) counts[s.sentiment]++;
  const score = (counts.POSITIVE - counts.NEGATIVE) / sentences.length;
  const overall: SentimentLabel =
    score > OVERALL_THRESHOLD ? 'POSITIVE' : score < -OVERALL_THRESHOLD ? 'NEGATIVE' : 'NEUTRAL';
  const pct = (k: number) => Math.round((k / sentences.length) * 1000) / 10;
  return { overall, POSITIVE: pct(counts.POSITIVE), NEGATIVE: pct(counts.NEGATIVE), NEUTRAL: pct(counts.NEUTRAL) };
}

export const scoreOf = (overall: SentimentLabel): -1 | 0 | 1 =>
  overall === 'POSITIVE' ? 1 : overall === 'NEGATIVE' ? -1 : 0;

const ENTITY_TYPES: Record<string, string> = {
  DATE: 'date',
  TIME: 'time',
  MONEY: 'money_amount',
  EMAIL: 'email_address',
  URL: 'url',
  PERCENT: 'percentage',
  DURATION: 'duration',
};
const ORG_WORDS =
  /\b(market|mart|foods?|grocer[sy]?|kitchen|bank|farms?|society|church|centre|center|shelter|mission|club|inc|ltd|llc|co-?op|bakery|store|supermarket|pantry|compost|logistics|dental|school|house|community|association|foundation|services?)\b/i;
/** North American and E.164 numbers as people say and write them. */
const PHONE = /(?:\+?1[\s.-]?)?\(?\b\d{3}\)?[\s.-]?\d{3}[\s.-]\d{4}\b/g;

/** Entities in the provider's types; `organizations` are names known to be organizations (stores, receivers). */
export function findEntities(text: string, organizations: string[] = []): Entity[] {
  const { nlp: n, its } = nlp();
  const doc = n.readDoc(text);
  const seen = new Set<string>();
  const out: Entity[] = [];
  const add = (entity_type: string, value: string) => {
    const clean = value.trim().replace(/[.,;:!?]+$/, '');
    const key = `${entity_type}|${clean.toLowerCase()}`;
    if (!clean || seen.has(key)) return;
    seen.add(key);
    out.push({ entity_type, text: clean, start: null, end: null });
  };
  for (const m of text.matchAll(PHONE)) add('phone_number', m[0]);
  const known = organizations.map((o) => o.toLowerCase());
  for (const name of organizations) if (text.toLowerCase().includes(name.toLowerCase())) add('organization', name);
  doc.entities().each((e: ItemEntity) => {
    const type = ENTITY_TYPES[String(e.out(its.type))];
    if (type) add(type, e.out());
  });
  doc.customEntities().each((e: ItemCustomEntity) => {
    if (e.out(its.type) !== 'proper_name') return;
    const value = e.out();
    if (known.some((k) => k.includes(value.toLowerCase()))) return;
    add(
      ORG_WORDS.test(value) ? 'organization' : value.split(/\s+/).length <= 3 ? 'person_name' : 'organization',
      value,
    );
  });
  return out;
}

const PHRASE_STOP = new Set([
  'lot',
  'lots',
  'thing',
  'things',
  'kind',
  'bit',
  'way',
  'time',
  'today',
  'tomorrow',
  'morning',
  'yesterday',
]);

/** Key phrases: noun phrases ranked by how often and how long they are (0 to 1, like the provider's rank). */
export function keyPhrases(text: string, max = 10): Highlight[] {
  const { nlp: n, its } = nlp();
  const counts = new Map<string, number>();
  n.readDoc(text)
    .customEntities()
    .each((e: ItemCustomEntity) => {
      if (e.out(its.type) !== 'noun_phrase') return;
      const phrase = e
        .out()
        .toLowerCase()
        .replace(/[^a-z0-9' -]/g, '')
        .trim();
      const words = phrase.split(/\s+/);
      if (words.length < 2 || words.some((w: string) => PHRASE_STOP.has(w))) return;
      counts.set(phrase, (counts.get(phrase) ?? 0) + 1);
    });
  const scored = [...counts].map(([phrase, count]) => ({
    text: phrase,
    count,
    score: count * (1 + 0.25 * phrase.split(' ').length),
  }));
  const top = Math.max(1, ...scored.map((s) => s.score));
  return scored
    .sort((a, b) => b.score - a.score || a.text.localeCompare(b.text))
    .slice(0, max)
    .map((s) => ({ text: s.text, count: s.count, rank: Math.round((s.score / top) * 100) / 100 }));
}

/** Categories in the provider's IAB-style label form, with the keywords that suggest them. */
export const CATEGORY_KEYWORDS: Record<string, string[]> = {
  'BusinessAndFinance>Industries>FoodIndustry': [
    'grocery',
    'grocer',
    'store',
    'retail',
    'supermarket',
    'surplus',
    'produce',
    'donation',
    'donations',
    'pickup',
    'pickups',
    'inventory',
    'shelf',
    'deli',
    'dairy',
    'bakery',
  ],
  'Society>Charity': [
    'charity',
    'charities',
    'nonprofit',
    'volunteer',
    'volunteers',
    'donate',
    'donated',
    'families',
    'food bank',
    'shelter',
    'meal program',
    'community',
    'hunger',
  ],
  'FoodAndDrink>Cooking': [
    'cook',
    'cooking',
    'kitchen',
    'meal',
    'meals',
    'recipe',
    'bread',
    'baking',
    'fridge',
    'freezer',
  ],
  Automotive: ['driver', 'drivers', 'truck', 'van', 'vehicle', 'route', 'mileage'],
  'Science>Environment': [
    'compost',
    'composting',
    'waste',
    'landfill',
    'emissions',
    'co2',
    'climate',
    'recycle',
    'recycling',
    'environment',
  ],
  'BusinessAndFinance>Business>BusinessPerformance': [
    'report',
    'reports',
    'impact',
    'numbers',
    'totals',
    'poster',
    'metrics',
  ],
  PersonalFinance: ['invoice', 'payment', 'price', 'cost', 'costs', 'money', 'budget', 'stipend'],
  'Science>Weather': ['wildfire', 'wildfires', 'smoke', 'weather', 'storm', 'heat'],
  MedicalHealth: ['health', 'asthma', 'lungs', 'doctor', 'hospital', 'symptoms', 'air quality'],
};

/** Category → relevance (share of the keyword hits, 0 to 1), most relevant first; empty when nothing matches. */
export function categories(text: string): Record<string, number> {
  const lower = ` ${text
    .toLowerCase()
    .replace(/[^a-z0-9\s]/g, ' ')
    .replace(/\s+/g, ' ')} `;
  const hits: [string, number][] = [];
  for (const [label, words] of Object.entries(CATEGORY_KEYWORDS)) {
    const n = words.reduce((sum, w) => sum + (lower.split(` ${w} `).length - 1), 0);
    if (n > 0) hits.push([label, n]);
  }
  const total = hits.reduce((s, [, n]) => s + n, 0);
  return Object.fromEntries(
    hits.sort((a, b) => b[1] - a[1]).map(([label, n]) => [label, Math.round((n / total) * 10_000) / 10_000]),
  );
}
