import { computeImpact, type ImpactMetrics, pickImpactFactor, prepareFactor, reportDay } from '@openrescue/shared';
import type { loadImpactFactors } from './bulkscan.repository.js';

type FactorRow = Awaited<ReturnType<typeof loadImpactFactors>>[number];

/**
 * A donation's impact metrics from the factor table: the factor effective on the entry's local day for its
 * destination and department (null when none applies). Used by POST bulkscan/, its corrections and the flows
 * (migrateAdjScanToDonation).
 */
export function createImpactCalculator(factors: FactorRow[]) {
  const prepared = new Map<object, ReturnType<typeof prepareFactor>>();
  return (
    destinationId: number,
    departmentId: number,
    weightKg: number,
    entryTime: string | Date,
  ): { day: string; impact: (ImpactMetrics & { impact_factor_version: number }) | null } => {
    const day = reportDay(new Date(entryTime));
    const factor = pickImpactFactor(factors, destinationId, departmentId, day);
    if (!factor) return { day, impact: null };
    if (!prepared.has(factor)) prepared.set(factor, prepareFactor(factor));
    return {
      day,
      impact: { ...computeImpact(weightKg, prepared.get(factor)!), impact_factor_version: factor.version },
    };
  };
}
