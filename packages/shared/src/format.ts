import { REPORT_TIME_ZONE } from './constants.js';

/**
 * A number formatter made on first use: building Intl formatters (the time zone's above all) takes a slow phone tens of
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

/** A count and its noun: (1, 'file', 'files') -> '1 file', (1234, …) -> '1,234 files'. */
export function countOf(n: number, one: string, many: string): string {
  return `${formatNumber(n)} ${n === 1 ? one : many}`;
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

/**
 * The network's time zone: every date and time the product shows is read there, never in the viewer's own zone (a
 * call at 9 PM in Vancouver is not "tomorrow" for staff whose browser is set to Tokyo). America/Vancouver unless the
 * deployment says otherwise (NETWORK_TIME_ZONE, sent to the web app in its settings: decision 0064).
 */
let networkZone: string = REPORT_TIME_ZONE;
let formatters = new Map<string, Intl.DateTimeFormat>();

/** Whether `zone` is an IANA time zone this runtime knows ('America/Vancouver'). */
export function isTimeZone(zone: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: zone });
    return zone.trim() !== '';
  } catch {
    return false;
  }
}

/** Sets the zone dates and times are shown in; an unknown zone is ignored (the default stays). */
export function setNetworkTimeZone(zone: string | null | undefined): void {
  if (!zone || zone === networkZone || !isTimeZone(zone)) return;
  networkZone = zone;
  formatters = new Map();
}

export function networkTimeZone(): string {
  return networkZone;
}

function formatter(key: string, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  let made = formatters.get(key);
  if (!made) {
    made = new Intl.DateTimeFormat('en-US', { timeZone: networkZone, ...options });
    formatters.set(key, made);
  }
  return made;
}

const DAY: Intl.DateTimeFormatOptions = { month: 'short', day: 'numeric', year: 'numeric' };
const TIME: Intl.DateTimeFormatOptions = { hour: 'numeric', minute: '2-digit' };

const toDate = (value: string | Date) => (value instanceof Date ? value : new Date(value));

/**
 * An instant as people at the network read it: 'Nov 15, 2026, 6:00 PM' in the network's zone; with `zone`, the
 * zone's short name follows ('Nov 15, 2026, 6:00 PM PST'). Text that is not a time comes back as it is.
 */
export function formatDateTime(value: string | Date, options: { zone?: boolean } = {}): string {
  const date = toDate(value);
  if (Number.isNaN(date.getTime())) return String(value);
  return options.zone
    ? formatter('dtz', { ...DAY, ...TIME, timeZoneName: 'short' }).format(date)
    : formatter('dt', { ...DAY, ...TIME }).format(date);
}

/** The network's calendar day of an instant: 'Nov 15, 2026'. */
export function formatDate(value: string | Date): string {
  const date = toDate(value);
  if (Number.isNaN(date.getTime())) return String(value);
  return formatter('d', DAY).format(date);
}

/** The zone's name for a heading or a note: 'Pacific Time' (America/Vancouver). */
export function networkTimeZoneName(): string {
  const part = formatter('zn', { timeZoneName: 'longGeneric' })
    .formatToParts(new Date())
    .find((p) => p.type === 'timeZoneName');
  // Chromium adds the country ('Pacific Time (Canada)'); the name alone reads better in a heading.
  return part?.value.replace(/ \(.*\)$/, '') ?? networkZone;
}
