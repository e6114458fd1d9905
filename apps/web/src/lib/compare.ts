import { formatPercent } from '@openrescue/shared';

/** How a figure moved against another period's (decision 0072). */
export interface Change {
  direction: 'up' | 'down' | 'same' | 'new';
  /** '12%', or for 'new' what the card says instead of a percentage. */
  text: string;
  /** The sentence a screen reader hears, e.g. 'up 12%'. */
  spoken: string;
}

/**
 * The change from `other` to `current`. When the other period had nothing, there is no percentage to give (never
 * Infinity or NaN): the card says so.
 */
export function changeOf(current: number, other: number): Change {
  if (other === 0) {
    return current === 0
      ? { direction: 'same', text: 'no change', spoken: 'no change, none in either period' }
      : { direction: 'new', text: 'none before', spoken: 'none in that period, so no percentage' };
  }
  const fraction = (current - other) / Math.abs(other);
  const text = formatPercent(Math.abs(fraction));
  if (text === '0%') return { direction: 'same', text: '0%', spoken: 'no change' };
  return fraction > 0
    ? { direction: 'up', text, spoken: `up ${text}` }
    : { direction: 'down', text, spoken: `down ${text}` };
}
