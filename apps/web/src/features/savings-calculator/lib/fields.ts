import { SAVINGS_MAX_STORE_SIZE_SQFT, SAVINGS_MAX_STORES } from '@openrescue/shared';
import { readTypedNumber } from './typed-number';

/** The calculator's two fields: what each accepts and the message for what it refuses (decision 0056). */
export const FIELDS = {
  stores: {
    whole: true,
    messages: {
      negative: 'Number of stores cannot be negative.',
      fraction: 'Number of stores must be a whole number.',
      unreadable: `Enter the number of stores in digits, from 0 to ${SAVINGS_MAX_STORES}.`,
    },
  },
  size: {
    whole: false,
    messages: {
      negative: 'Store size cannot be negative.',
      fraction: '',
      unreadable: `Enter the store size as one number, e.g. 25,000 or 2500.5 (up to ${SAVINGS_MAX_STORE_SIZE_SQFT.toLocaleString('en-US')}).`,
    },
  },
} as const;

export type FieldName = keyof typeof FIELDS;

/** What the shared calculator gets for a field (its value without separators, '' when empty or refused), and the
 * field's message when the text is refused. */
export function readField(name: FieldName, typed: string): { input: string; error?: string } {
  const read = readTypedNumber(typed, { whole: FIELDS[name].whole });
  if (read.kind === 'number') return { input: read.canonical };
  if (read.kind === 'empty') return { input: '' };
  return { input: '', error: FIELDS[name].messages[read.kind] };
}
