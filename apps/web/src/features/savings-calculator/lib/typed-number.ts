/**
 * Reads a number as a Canadian or US user types it (decision 0056): digits, `,` between groups of three
 * (`25,000`, `1,000.5`) and `.` before the decimals. The text is never re-read as something else: a value the field
 * cannot read as one number (`1,00`, `1.2.3`, `1e5`, `-5`, `2.5` stores) is refused with the field's message, and
 * the calculator counts it as 0 (spec section 5) until it is corrected. Full-width digits and separators (typed with
 * an East Asian input method) count as their ASCII forms.
 */

export type TypedNumber =
  | { kind: 'empty' }
  /** `canonical` is the value without separators (`1000.5`), as the shared calculator reads it. */
  | { kind: 'number'; value: number; canonical: string }
  | { kind: 'negative' }
  | { kind: 'fraction' }
  | { kind: 'unreadable' };

// Digits with or without `,` every three digits, then an optional `.` and decimals; or `.5`. A trailing `.` is
// allowed (it is the state of a field while the decimals are being typed).
const PLAIN = /^\d+(\.\d*)?$/;
const GROUPED = /^\d{1,3}(,\d{3})+(\.\d*)?$/;
const DECIMALS_ONLY = /^\.\d+$/;

export function readTypedNumber(typed: string, { whole = false }: { whole?: boolean } = {}): TypedNumber {
  const text = typed.normalize('NFKC').trim();
  if (text === '') return { kind: 'empty' };
  if (/^[-\u2212]/.test(text) && readTypedNumber(text.slice(1)).kind === 'number') return { kind: 'negative' };
  if (!PLAIN.test(text) && !GROUPED.test(text) && !DECIMALS_ONLY.test(text)) return { kind: 'unreadable' };
  if (whole && text.includes('.')) return { kind: 'fraction' };
  const canonical = text.replace(/,/g, '').replace(/\.$/, '');
  return { kind: 'number', value: Number(canonical), canonical };
}

const grouped = new Intl.NumberFormat('en-US', { maximumFractionDigits: 20 });

/** A readable value as the field shows it once the user leaves it: with thousands separators (spec section 5). */
export function formatTyped(typed: string, options?: { whole?: boolean }): string {
  const read = readTypedNumber(typed, options);
  if (read.kind !== 'number') return typed;
  const [whole, decimals] = read.canonical.split('.');
  // Only the whole part goes through Intl: the decimals stay as typed (no rounding, no float noise).
  const wholeText = grouped.format(BigInt(whole || '0'));
  return decimals === undefined ? wholeText : `${wholeText}.${decimals}`;
}
