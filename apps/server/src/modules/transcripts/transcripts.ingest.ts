import {
  type AnalysisPart,
  type IngestCall,
  type IngestTranscript,
  type SentimentData,
  type SentimentLabel,
  SPEAKERS,
  type SpeakerLabel,
  type StoredAnalysis,
} from '@openrescue/shared';
import { badRequest } from '../../lib/http-error.js';
import {
  categories,
  findEntities,
  keyPhrases,
  type Passage,
  scoreOf,
  sentenceSentiments,
  sentimentSummary,
} from './transcripts.analysis.js';

/**
 * Turns what integrations send into transcript columns (decision 0013): the telephony provider's callback names
 * become tw_* fields, and the speech-analysis provider's transcript becomes the stored analysis, with the parts it
 * lacks computed here.
 */

export interface CallFields {
  tw_call_sid: string;
  tw_recording_sid?: string | null;
  tw_caller_name?: string | null;
  tw_to_number?: string | null;
  tw_from_number?: string | null;
  tw_call_direction?: 'inbound' | 'outbound-api' | 'outbound-dial' | null;
  tw_call_length?: number | null;
  tw_call_status?: string | null;
}

const ALIASES: [keyof CallFields, keyof IngestCall][] = [
  ['tw_call_sid', 'CallSid'],
  ['tw_recording_sid', 'RecordingSid'],
  ['tw_caller_name', 'CallerName'],
  ['tw_to_number', 'To'],
  ['tw_from_number', 'From'],
  ['tw_call_direction', 'Direction'],
  ['tw_call_length', 'CallDuration'],
  ['tw_call_status', 'CallStatus'],
];

const asSeconds = (v: unknown) => (v === null || v === undefined ? v : typeof v === 'number' ? v : Number(v));

/** tw_* fields from either naming; only the fields the caller sent (an update keeps the others). */
export function callFields(call: IngestCall): CallFields {
  const out: Partial<Record<keyof CallFields, unknown>> = {};
  for (const [ours, theirs] of ALIASES) {
    const a = ours === 'tw_call_length' ? asSeconds(call[ours]) : call[ours];
    const b = ours === 'tw_call_length' ? asSeconds(call[theirs]) : call[theirs];
    if (a !== undefined && b !== undefined && a !== b) {
      throw badRequest('The call fields disagree.', `call.${ours} and call.${theirs} have different values`);
    }
    const value = a !== undefined ? a : b;
    if (value !== undefined)
      out[ours] = typeof value === 'string' && ours !== 'tw_call_sid' ? value.trim() || null : value;
  }
  if (!out.tw_call_sid) throw badRequest('The call has no id.', 'call.tw_call_sid (or CallSid) is required');
  return out as CallFields;
}

export const speakerOf = (value: string | null | undefined): SpeakerLabel => {
  const s = (value ?? '').trim().toUpperCase();
  return (SPEAKERS as readonly string[]).includes(s) && s !== 'UNK' ? (s as SpeakerLabel) : 'UNK';
};
const num = (v: number | null | undefined) => (typeof v === 'number' ? v : null);
/** The provider's summaries sometimes carry a literal backslash-n between bullets. */
const unescape = (v: string) => v.replace(/\\n/g, '\n').trim();
const NOT_DONE = new Set(['queued', 'processing', 'error']);

export interface AnalysisResult {
  stored: StoredAnalysis;
  local: AnalysisPart[];
  sentiment: SentimentData | null;
  score: -1 | 0 | 1 | null;
  headline: string | null;
  summary: string | null;
  gist: string | null;
  transcriptId: string | null;
}

/** The text of a provider transcript: its text, else its utterances'. */
export const transcriptText = (t: IngestTranscript) =>
  (t.text ?? '').trim() ||
  (t.utterances ?? [])
    .map((u) => u.text.trim())
    .filter(Boolean)
    .join(' ');

/** What the ingest checks before it takes a transcript (the analysis itself runs later, in a job). */
export function requireAnalysable(t: IngestTranscript) {
  if (!NOT_DONE.has(t.status ?? 'completed') && !transcriptText(t)) {
    throw badRequest(
      'The transcript has no text.',
      'transcript.text (or transcript.utterances) is required unless transcript.status is queued, processing or error',
    );
  }
}

/**
 * What the analysis job needs of a provider transcript: the fields it reads, without the words arrays and the other
 * fields the provider sends (a long call's body is mostly per-word timings). Stored until the job has run.
 */
export function analysisInput(t: IngestTranscript): IngestTranscript {
  const times = (v: { start?: number | null; end?: number | null }) => ({ start: v.start ?? null, end: v.end ?? null });
  return {
    id: t.id ?? null,
    status: t.status ?? null,
    audio_url: t.audio_url ?? null,
    text: t.text ?? null,
    audio_duration: t.audio_duration ?? null,
    summary: t.summary ?? null,
    utterances: t.utterances?.map((u) => ({ speaker: u.speaker ?? null, text: u.text, ...times(u) })) ?? null,
    chapters: t.chapters?.map((c) => ({ gist: c.gist, headline: c.headline, summary: c.summary, ...times(c) })) ?? null,
    entities: t.entities?.map((e) => ({ entity_type: e.entity_type, text: e.text, ...times(e) })) ?? null,
    sentiment_analysis_results:
      t.sentiment_analysis_results?.map((r) => ({
        sentiment: r.sentiment,
        text: r.text,
        speaker: r.speaker ?? null,
        ...times(r),
        confidence: r.confidence ?? null,
      })) ?? null,
    auto_highlights_result: t.auto_highlights_result
      ? {
          status: t.auto_highlights_result.status ?? null,
          results:
            t.auto_highlights_result.results?.map((h) => ({ text: h.text, count: h.count, rank: h.rank })) ?? null,
        }
      : null,
    iab_categories_result: t.iab_categories_result
      ? { status: t.iab_categories_result.status ?? null, summary: t.iab_categories_result.summary ?? null }
      : null,
  };
}

/** The transcript's columns once analysed, JSON already as text (made on the analysis thread, written as they are). */
export interface AnalysisColumns {
  aai_transcript_id: string | null;
  aai_headline: string | null;
  aai_summary: string | null;
  aai_gist: string | null;
  sentiment_score: -1 | 0 | 1 | null;
  sentiment_data: string | null;
  transcript_from_aai: string;
  analysis_source: 'aai' | 'local';
  analysis_local: AnalysisPart[];
}

export function analysisColumns(t: IngestTranscript, organizations: string[] = []): AnalysisColumns {
  const a = buildAnalysis(t, organizations);
  return {
    aai_transcript_id: a.transcriptId,
    aai_headline: a.headline,
    aai_summary: a.summary,
    aai_gist: a.gist,
    sentiment_score: a.score,
    sentiment_data: a.sentiment ? JSON.stringify(a.sentiment) : null,
    transcript_from_aai: JSON.stringify(a.stored),
    analysis_source: a.local.length ? 'local' : 'aai',
    analysis_local: a.local,
  };
}

/** The stored analysis of a provider transcript; `organizations` are store and receiver names for entities. */
export function buildAnalysis(t: IngestTranscript, organizations: string[] = []): AnalysisResult {
  const status = t.status ?? 'completed';
  const utterances: Passage[] = (t.utterances ?? [])
    .map((u) => ({ speaker: speakerOf(u.speaker), text: u.text.trim(), start: num(u.start), end: num(u.end) }))
    .filter((u) => u.text);
  const text = (t.text ?? '').trim() || utterances.map((u) => u.text).join(' ');
  requireAnalysable(t);
  const passages = utterances.length
    ? utterances
    : text
      ? [{ speaker: 'UNK' as const, text, start: null, end: null }]
      : [];
  const local: AnalysisPart[] = [];

  let sentences: StoredAnalysis['sentiment_analysis_results'];
  if (t.sentiment_analysis_results) {
    sentences = t.sentiment_analysis_results.map((s) => ({
      speaker: speakerOf(s.speaker),
      text: s.text,
      start: num(s.start),
      end: num(s.end),
      sentiment: s.sentiment,
      confidence: num(s.confidence),
    }));
  } else if (text) {
    sentences = sentenceSentiments(passages);
    local.push('sentiment');
  } else sentences = [];

  let entities: StoredAnalysis['entities'];
  if (t.entities)
    entities = t.entities.map((e) => ({
      entity_type: e.entity_type,
      text: e.text,
      start: num(e.start),
      end: num(e.end),
    }));
  else if (text) {
    entities = findEntities(text, organizations);
    local.push('entities');
  } else entities = [];

  const givenHighlights = t.auto_highlights_result?.status === 'success' && t.auto_highlights_result.results;
  let highlights: StoredAnalysis['auto_highlights_result'];
  if (givenHighlights)
    highlights = {
      status: 'success',
      results: givenHighlights.map((h) => ({ text: h.text, count: h.count, rank: h.rank })),
    };
  else if (text) {
    highlights = { status: 'success', results: keyPhrases(text) };
    local.push('highlights');
  } else highlights = { status: t.auto_highlights_result?.status ?? 'unavailable', results: [] };

  const givenCategories = t.iab_categories_result?.status === 'success' && t.iab_categories_result.summary;
  let cats: StoredAnalysis['iab_categories_result'];
  if (givenCategories) cats = { status: 'success', summary: givenCategories };
  else if (text) {
    cats = { status: 'success', summary: categories(text) };
    local.push('categories');
  } else cats = { status: t.iab_categories_result?.status ?? 'unavailable', summary: {} };

  const chapters = (t.chapters ?? []).map((c) => ({
    gist: c.gist,
    headline: c.headline,
    summary: c.summary,
    start: num(c.start),
    end: num(c.end),
  }));
  // Each utterance takes the sentiment of its sentences (by time, else by text).
  const stored: StoredAnalysis = {
    id: t.id ?? null,
    status,
    audio_url: t.audio_url ?? null,
    text: text || null,
    audio_duration: num(t.audio_duration),
    summary: t.summary ? unescape(t.summary) : null,
    chapters,
    utterances: passages.map((u) => ({ ...u, sentiment: utteranceSentiment(u, sentences) })),
    entities,
    iab_categories_result: cats,
    auto_highlights_result: highlights,
    sentiment_analysis_results: sentences,
  };
  const sentiment = sentimentSummary(sentences);
  const summary = stored.summary ?? (chapters.length ? chapters.map((c) => c.summary).join('\n') : null);
  const headline = chapters[0]?.headline ?? (summary ? firstLine(summary) : null);
  return {
    stored,
    local,
    sentiment,
    score: sentiment ? scoreOf(sentiment.overall) : null,
    headline,
    summary,
    gist: chapters.length ? chapters.map((c) => c.gist).join(' · ') : null,
    transcriptId: t.id ?? null,
  };
}

function firstLine(summary: string): string {
  const line =
    summary
      .split('\n')
      .map((l) => l.replace(/^[-*•]\s*/, '').trim())
      .find(Boolean) ?? '';
  const sentence = line.split(/(?<=[.!?])\s/)[0];
  return sentence.length > 160 ? `${sentence.slice(0, 157)}…` : sentence;
}

function utteranceSentiment(
  u: Passage,
  sentences: StoredAnalysis['sentiment_analysis_results'],
): SentimentLabel | null {
  const mine =
    u.start !== null && u.end !== null
      ? sentences.filter((s) => s.start !== null && s.start >= u.start! && s.start < u.end!)
      : sentences.filter((s) => u.text.includes(s.text));
  return sentimentSummary(mine)?.overall ?? null;
}
