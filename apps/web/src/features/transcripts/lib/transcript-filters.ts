import type { SentimentFilter } from '@openrescue/shared';

/** The list's filters as they live in the address: `search`, `min_length` (seconds) and `sentiment`. */
export interface TranscriptFilterState {
  search: string;
  minLength: number | null;
  sentiment: SentimentFilter;
}

export const SENTIMENT_OPTIONS: { value: SentimentFilter; label: string }[] = [
  { value: 'neutral', label: 'Neutral' },
  { value: 'negative', label: 'Negative' },
];

/** The sentiment the filter hides while `s` is chosen. */
export const otherSentiment = (s: SentimentFilter): SentimentFilter => (s === 'neutral' ? 'negative' : 'neutral');

/** Reads the filters; Sentiment Score defaults to Neutral (spec 2.12), a bad length is ignored. */
export function readFilters(params: URLSearchParams): TranscriptFilterState {
  const length = params.get('min_length');
  const n = length !== null && /^\d{1,7}$/.test(length) ? Number(length) : null;
  return {
    search: (params.get('search') ?? '').trim(),
    minLength: n,
    sentiment: params.get('sentiment') === 'negative' ? 'negative' : 'neutral',
  };
}

/** The API query of spec 7.5 for these filters. */
export function apiFilters(f: TranscriptFilterState): Record<string, string | number | undefined> {
  return {
    search: f.search || undefined,
    tw_call_length__gte: f.minLength ?? undefined,
    sentiment_score: f.sentiment,
  };
}

/** How many filters differ from the defaults (the Filters button's badge). */
export const activeFilterCount = (f: TranscriptFilterState) =>
  (f.search ? 1 : 0) + (f.minLength !== null ? 1 : 0) + (f.sentiment !== 'neutral' ? 1 : 0);
