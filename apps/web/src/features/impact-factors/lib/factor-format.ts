import { KG_PER_MEAL } from '@openrescue/shared';

const factor = new Intl.NumberFormat('en-US', { maximumFractionDigits: 3 });
const dollars = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', maximumFractionDigits: 3 });

/** A per-kg factor with up to 3 decimals: 1.838235294118 -> '1.838'. */
export function formatFactor(value: number): string {
  return factor.format(value);
}

/** Meals per kg, naming the 0.544 kg meal when that is what it is: '1.838 (1 ÷ 0.544)'. */
export function formatMealsFactor(value: number): string {
  return Math.abs(value - 1 / KG_PER_MEAL) < 1e-6 ? `${formatFactor(value)} (1 ÷ ${KG_PER_MEAL})` : formatFactor(value);
}

/** Money per kg: 0.175 -> '$0.175'. */
export function formatPerKgMoney(value: number): string {
  return dollars.format(value);
}

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** '2000-01-01' -> 'Jan 1, 2000'; a calendar date, so no time zone applies. */
export function formatEffectiveDate(day: string): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(day);
  if (!match) return day || '—';
  return `${MONTHS[Number(match[2]) - 1]} ${Number(match[3])}, ${match[1]}`;
}
