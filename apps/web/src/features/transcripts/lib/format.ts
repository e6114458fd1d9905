import { formatDateTime, type SentimentLabel } from '@openrescue/shared';

/** '+16045550142' -> '(604) 555-0142' (North American numbers); other numbers as they are. */
export function formatPhone(value: string | null | undefined): string {
  if (!value) return '—';
  const m = /^\+1(\d{3})(\d{3})(\d{4})$/.exec(value);
  return m ? `(${m[1]}) ${m[2]}-${m[3]}` : value;
}

/** A call's time in the network's time zone (the one formatter: formatDateTime). */
export const formatDate = (iso: string) => formatDateTime(iso);

/** Milliseconds from the start of the call as m:ss. */
export function formatClock(ms: number | null | undefined): string {
  if (ms === null || ms === undefined) return '';
  const s = Math.floor(ms / 1000);
  return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, '0')}`;
}

/** Sentiment percentages as whole numbers. */
export const wholePercent = (value: number) => `${Math.round(value)}%`;

export const SENTIMENT_LABELS: Record<SentimentLabel, string> = {
  POSITIVE: 'Positive',
  NEUTRAL: 'Neutral',
  NEGATIVE: 'Negative',
};
export const SENTIMENT_COLORS: Record<SentimentLabel, string> = { POSITIVE: 'teal', NEUTRAL: 'gray', NEGATIVE: 'red' };

export function labelOfScore(score: number | null): SentimentLabel | null {
  if (score === null) return null;
  return score > 0 ? 'POSITIVE' : score < 0 ? 'NEGATIVE' : 'NEUTRAL';
}

export const DIRECTION_LABELS: Record<string, string> = {
  inbound: 'Inbound',
  'outbound-api': 'Outbound (API)',
  'outbound-dial': 'Outbound (dialled)',
};
export const MATCH_LABELS: Record<string, string> = {
  phone: 'by phone number',
  caller_name: 'by caller name',
  name: 'named in the call',
};

/** 'BusinessAndFinance>Industries>FoodIndustry' -> 'Business And Finance › Industries › Food Industry'. */
export const categoryLabel = (label: string) =>
  label
    .split('>')
    .map((part) => part.replace(/([a-z])([A-Z])/g, '$1 $2'))
    .join(' › ');
