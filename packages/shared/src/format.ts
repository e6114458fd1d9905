import { REPORT_TIME_ZONE } from './constants.js';

/**
 * A formatter made on first use: building Intl formatters (the time zone's above all) takes a slow phone tens of
 * milliseconds, which would otherwise be spent while every page's script is first evaluated.
 */
function onFirstUse<T>(make: () => T): () => T {
  let made: T | undefined;
  return () => (made ??= make());
}

/** Section 9 number display: thousands separators; millions as 'M' with one decimal. */
const whole = onFirstUse(() => new Intl.NumberFormat('en-US', { maximumFractionDigits: 0 }));
const oneDecimal = onFirstUse(
  () => new Intl.NumberFormat('en-US', { minimumFractionDigits: 1, maximumFractionDigits: 1 }),
);
const money = onFirstUse(
  () => new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', maximumFractionDigits: 0 }),
);

export function formatNumber(value: number): string {
  return whole().format(value);
}

/** 1,234,567 -> '1.2M'; below a million, thousands separators. */
export function formatCompact(value: number): string {
  if (Math.abs(value) >= 1_000_000) return `${oneDecimal().format(value / 1_000_000)}M`;
  return whole().format(value);
}

export function formatMoney(value: number): string {
  if (Math.abs(value) >= 1_000_000) return `$${oneDecimal().format(value / 1_000_000)}M`;
  return money().format(value);
}

/** Sentiment and share percentages are whole numbers. */
export function formatPercent(fraction: number): string {
  return `${Math.round(fraction * 100)}%`;
}

const dateTime = onFirstUse(
  () =>
    new Intl.DateTimeFormat('en-US', {
      timeZone: REPORT_TIME_ZONE,
      month: 'short',
      day: 'numeric',
      year: 'numeric',
      hour: 'numeric',
      minute: '2-digit',
    }),
);

/** An instant as people at the network read it: 'Nov 15, 2026, 6:00 PM' in America/Vancouver. */
export function formatDateTime(iso: string): string {
  return dateTime().format(new Date(iso));
}
