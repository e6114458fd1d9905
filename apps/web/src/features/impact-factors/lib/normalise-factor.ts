import { DEPARTMENTS, DESTINATIONS } from '@openrescue/shared';

/** One impact factor as the About page shows it. */
export interface ImpactFactorRow {
  version: number;
  effectiveFrom: string;
  destinationId: number | null;
  destination: string;
  departmentId: number | null;
  /** 'All departments' when the factor applies to the whole destination. */
  department: string;
  mealsPerKg: number;
  co2ePerKg: number;
  moneyPerKg: number;
  sourceNote: string;
}

export const ALL_DEPARTMENTS = 'All departments';

type Raw = Record<string, unknown>;

const num = (v: unknown) => (typeof v === 'number' ? v : typeof v === 'string' && v.trim() !== '' ? Number(v) : NaN);

/** An id, a name, or an object with id/name, as the field may arrive; resolves names from the shared lists. */
function ref(
  value: unknown,
  id: unknown,
  list: readonly { id: number; name: string }[],
): { id: number | null; name: string | null } {
  const raw = typeof value === 'object' && value !== null ? (value as Raw) : null;
  const idValue = num(raw?.id ?? id ?? (typeof value === 'number' ? value : undefined));
  const name = typeof raw?.name === 'string' ? raw.name : typeof value === 'string' ? value : null;
  const known = list.find((x) => x.id === idValue) ?? list.find((x) => x.name === name);
  return { id: known?.id ?? (Number.isFinite(idValue) ? idValue : null), name: name ?? known?.name ?? null };
}

/** Reads GET {core}/api/impact-factors rows whatever their exact spelling (numeric columns may come as text). */
export function normaliseFactor(raw: Raw): ImpactFactorRow {
  const destination = ref(raw.destination, raw.destination_id, DESTINATIONS);
  const department = ref(raw.department, raw.department_id, DEPARTMENTS);
  return {
    version: num(raw.version) || 1,
    effectiveFrom: String(raw.effective_from ?? raw.effectiveFrom ?? '').slice(0, 10),
    destinationId: destination.id,
    destination: destination.name ?? 'Unknown destination',
    departmentId: department.id,
    department: department.id === null && !department.name ? ALL_DEPARTMENTS : (department.name ?? ALL_DEPARTMENTS),
    mealsPerKg: num(raw.meals_per_kg ?? raw.mealsPerKg) || 0,
    co2ePerKg: num(raw.co2e_per_kg ?? raw.co2ePerKg) || 0,
    moneyPerKg: num(raw.money_per_kg ?? raw.moneyPerKg) || 0,
    sourceNote: String(raw.source_note ?? raw.sourceNote ?? ''),
  };
}

/** Newest version first, then destination and department order. */
export function sortFactors(rows: ImpactFactorRow[]): ImpactFactorRow[] {
  return [...rows].sort(
    (a, b) =>
      b.version - a.version ||
      (a.destinationId ?? 99) - (b.destinationId ?? 99) ||
      (a.departmentId ?? 0) - (b.departmentId ?? 0),
  );
}

/** The factors in force today: the newest version effective on or before `today` for each destination/department. */
export function currentFactors(rows: ImpactFactorRow[], today: string): ImpactFactorRow[] {
  const best = new Map<string, ImpactFactorRow>();
  for (const row of rows) {
    if (row.effectiveFrom && row.effectiveFrom > today) continue;
    const key = `${row.destinationId}:${row.departmentId}`;
    const seen = best.get(key);
    if (!seen || row.version > seen.version) best.set(key, row);
  }
  return sortFactors([...best.values()]);
}
