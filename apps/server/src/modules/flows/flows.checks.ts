import { DEPARTMENTS } from '@openrescue/shared';

/**
 * The checks of loadBulkScanToQa (decision 0014), as pure rules over what the step read from the database.
 * A scan can have several problems; they are joined with '; '. They name stores, receivers and departments as staff
 * know them; only what the network does not know is left as a number (decision 0064).
 */

/** A weight is far outside the store's history above max(OUTLIER_FACTOR x p95, OUTLIER_FLOOR_KG) ... */
export const OUTLIER_FACTOR = 3;
export const OUTLIER_FLOOR_KG = 150;
/** ... computed from at least this many donations of the store and department; with fewer, the limit is fixed. */
export const OUTLIER_MIN_HISTORY = 20;
export const OUTLIER_NO_HISTORY_KG = 500;

export interface ScanToCheck {
  id: number;
  store_id: number;
  receiver_id: number;
  reason_id: number | null;
  destination_id: number;
  department_id: number | null;
  weight_kg: number | null;
  entry_time: string;
  /** An earlier bulk scan with the same store, receiver, department, entry time and weight (and reason). */
  duplicate_of: number | null;
}

export interface CheckContext {
  /** Known stores: id -> name. */
  stores: Map<number, string>;
  /** Known receivers: id -> name. */
  receivers: Map<number, string>;
  /** `${store}:${receiver}` of every pickup schedule. */
  links: Set<string>;
  /** `${store}:${department}` -> donation count and 95th percentile of their weights (kg). */
  history: Map<string, { count: number; p95: number }>;
  /** The local day and whether an impact factor applies (weights only). */
  factorDay(scan: ScanToCheck): { day: string; found: boolean };
}

export function weightLimitKg(history: { count: number; p95: number } | undefined): number {
  if (!history || history.count < OUTLIER_MIN_HISTORY) return OUTLIER_NO_HISTORY_KG;
  return Math.max(OUTLIER_FACTOR * history.p95, OUTLIER_FLOOR_KG);
}

const kg = (v: number) => `${Number(v.toFixed(3))} kg`;
export const departmentName = (id: number) => DEPARTMENTS.find((d) => d.id === id)?.name ?? `department ${id}`;

/** The problems of one scan, or null when it is clean. */
export function checkScan(scan: ScanToCheck, c: CheckContext): string | null {
  const problems: string[] = [];
  const storeKnown = c.stores.has(scan.store_id);
  const receiverKnown = c.receivers.has(scan.receiver_id);
  if (!storeKnown) problems.push(`unknown store ${scan.store_id}`);
  if (!receiverKnown) problems.push(`unknown receiver ${scan.receiver_id}`);
  if (storeKnown && receiverKnown && !c.links.has(`${scan.store_id}:${scan.receiver_id}`)) {
    problems.push(`${c.receivers.get(scan.receiver_id)} has no pickup schedule with ${c.stores.get(scan.store_id)}`);
  }
  if (scan.duplicate_of !== null) problems.push(`duplicate of bulk scan ${scan.duplicate_of}`);
  if (scan.weight_kg !== null) {
    if (scan.department_id === null) problems.push('a weight without a department');
    else if (scan.weight_kg <= 0) problems.push(`a weight of ${kg(scan.weight_kg)} is not a donation`);
    else {
      const history = c.history.get(`${scan.store_id}:${scan.department_id}`);
      const limit = weightLimitKg(history);
      if (storeKnown && scan.weight_kg > limit) {
        problems.push(
          `${kg(scan.weight_kg)} is far outside the store's history for ${departmentName(scan.department_id)} ` +
            `(limit ${kg(limit)}${history && history.count >= OUTLIER_MIN_HISTORY ? `, ${OUTLIER_FACTOR} x p95 of ${history.count} donations` : ''})`,
        );
      }
      const factor = c.factorDay(scan);
      if (!factor.found) problems.push(`no impact factor applies on ${factor.day}`);
    }
  }
  return problems.length ? problems.join('; ') : null;
}
