import { DEPARTMENTS } from '@openrescue/shared';

/** Average-days options (section 9), default 30. */
export const AVERAGE_DAY_OPTIONS = [7, 14, 30, 60, 120] as const;
export const DEFAULT_AVERAGE_DAYS = 30;
/** Bulk-scan entry times are sent 7 hours back (section 7.3, DESIGN 6); the server never shifts again. */
export const BULKSCAN_SHIFT_MS = 7 * 60 * 60 * 1000;
export const BULKSCAN_DESTINATION = 1;

export type DepartmentId = (typeof DEPARTMENTS)[number]['id'];

export interface DepartmentEntry {
  checked: boolean;
  weight: string;
}

export type WeightEntries = Record<DepartmentId, DepartmentEntry>;

export function emptyEntries(): WeightEntries {
  return Object.fromEntries(DEPARTMENTS.map((d) => [d.id, { checked: false, weight: '' }])) as WeightEntries;
}

/** Section 5 "Weight entry": digits only, 1 to 3 digits. Returns the message to show, or null when fine. */
export function weightError(value: string): string | null {
  if (value === '') return null;
  if (!/^\d+$/.test(value)) return 'Digits only: type a whole number of kg (no letters, signs or decimals).';
  if (value.length > 3) return 'At most 3 digits (up to 999 kg).';
  if (Number(value) === 0) return 'Enter a weight of 1 kg or more.';
  return null;
}

/** The departments that will be sent: ticked, with a valid non-empty weight. */
export function filledDepartments(entries: WeightEntries): Array<{ department: DepartmentId; weight_kg: number }> {
  return DEPARTMENTS.filter(
    (d) => entries[d.id].checked && entries[d.id].weight !== '' && weightError(entries[d.id].weight) === null,
  ).map((d) => ({ department: d.id, weight_kg: Number(entries[d.id].weight) }));
}

export function hasInvalid(entries: WeightEntries): boolean {
  return DEPARTMENTS.some((d) => entries[d.id].checked && weightError(entries[d.id].weight) !== null);
}

/**
 * The form's status line (issue 36): what is wrong first (a ticked department's weight, then a missing back date),
 * then what is missing, then what will be inserted.
 */
export function statusText(entries: WeightEntries, needsBackDate = false): string {
  const invalid = DEPARTMENTS.filter((d) => entries[d.id].checked && weightError(entries[d.id].weight) !== null);
  if (invalid.length > 0) {
    const first = invalid[0];
    const more = invalid.length > 1 ? ` (and ${invalid.length - 1} more)` : '';
    return `${first.name} weight: ${weightError(entries[first.id].weight)}${more}`;
  }
  if (needsBackDate) return 'Average weights need a back date.';
  const filled = filledDepartments(entries).length;
  if (filled === 0) return 'Fill in at least one weight.';
  return `${filled} department${filled === 1 ? '' : 's'} to insert`;
}

/** entry_time as sent: the back date (or now) shifted 7 hours back. */
export function entryTime(backDate: Date | null, now: Date = new Date()): string {
  const base = backDate ?? now;
  return new Date(base.getTime() - BULKSCAN_SHIFT_MS).toISOString();
}

/** Averages (kg) rounded to whole kg within 0..999, as field text. */
export function averageText(avg: number): string {
  if (!Number.isFinite(avg) || avg <= 0) return '';
  return String(Math.min(999, Math.max(1, Math.round(avg))));
}
