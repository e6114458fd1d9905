import { useDeferredValue, useMemo } from 'react';
import { useComparedTotals } from '../api/get-donation-totals';
import { impactTotals } from '../lib/chart-data';
import type { Scope } from '../lib/scope';
import type { CardComparison } from '../components/impact-cards';

/**
 * The metric cards' figures for a range and scope, by department, with the previous and the year-earlier period's
 * in the same request (decision 0072): every dashboard's cards (client, ops, charity) read them here.
 */
export function useCardFigures(from: string, to: string, scope: Scope) {
  const departments = useComparedTotals({ from, to, scope, annotate: 'from_department_id' });
  const compared = useDeferredValue(departments.data);
  const rows = compared?.rows;
  const totals = useMemo(() => (rows ? impactTotals(rows) : undefined), [rows]);
  const comparison = useMemo<CardComparison | undefined>(
    () =>
      compared && {
        previous: { ...compared.previous, totals: impactTotals(compared.previous.rows) },
        yearAgo: { ...compared.yearAgo, totals: impactTotals(compared.yearAgo.rows) },
      },
    [compared],
  );
  return { departments, rows, totals, comparison };
}
