import {
  currentReportMonth,
  customRangeProblem,
  DEFAULT_RANGE,
  defaultMonth,
  rangeBounds,
  reportDay,
  storeScopeOfKey,
  visibleRanges,
  type CustomRange,
  type RangeBounds,
  type RangeKey,
  type Viewer,
} from '@openrescue/shared';
import { useCallback, useLayoutEffect, useMemo, useRef } from 'react';
import { useSearchParams } from 'react-router';
import {
  defaultScope,
  parseScope,
  scopeAllowed,
  scopeKey,
  type DashboardAccess,
  type Scope,
  type StoreLookup,
} from '../lib/scope';

export interface DashboardParams {
  range: RangeKey;
  /** First day of the chosen (end) month, 'YYYY-MM-DD'. */
  month: string;
  scope: Scope;
  bounds: RangeBounds;
  ranges: RangeKey[];
  /** A custom range's first and last day (decision 0073), when the range is 'custom'. */
  custom?: CustomRange;
  setRange: (range: RangeKey) => void;
  /** Chooses a custom range: `?range=custom&from=…&to=…`. */
  setCustom: (range: CustomRange) => void;
  setMonth: (month: string) => void;
  /** Chooses a scope by its selector value (`scopeKey`); it is read back like any address, so a value this viewer
   * may not use falls back to the default. */
  setScope: (key: string) => void;
}

const MONTH_PARAM = /^\d{4}-(0[1-9]|1[0-2])-01$/;

/**
 * Range, end month and store live in the address (`?range=3m&month=2026-09-01&store=store-4`; a custom range as
 * `?range=custom&from=2025-12-20&to=2026-01-10`), so a view can be
 * linked and survives a reload. Values this viewer may not use fall back to the defaults (section 4).
 */
export function useDashboardParams(
  viewer: Viewer,
  access: DashboardAccess,
  stores: readonly StoreLookup[] | undefined,
  lockedScope?: Scope,
): DashboardParams {
  const [params, setParams] = useSearchParams();
  const ranges = useMemo(() => visibleRanges(viewer), [viewer]);

  const rangeParam = params.get('range') as RangeKey | null;
  const fromParam = params.get('from') ?? '';
  const toParam = params.get('to') ?? '';
  // A custom range whose dates are missing or not a range (decision 0073) falls back to the default, as any address
  // this viewer may not use does.
  const customOk = rangeParam === 'custom' && customRangeProblem(fromParam, toParam) === null;
  const range =
    rangeParam && ranges.includes(rangeParam) && (rangeParam !== 'custom' || customOk) ? rangeParam : DEFAULT_RANGE;

  const latest = currentReportMonth();
  const monthParam = params.get('month');
  const month =
    monthParam && MONTH_PARAM.test(monthParam) && monthParam <= latest ? monthParam : defaultMonth(reportDay());

  const parsed = parseScope(params.get('store'));
  const chosen = lockedScope ?? (parsed && scopeAllowed(access, parsed, stores) ? parsed : defaultScope(access));
  // One object while the choice stands: the dashboard's memoised parts then skip the renders that change nothing.
  const chosenKey = scopeKey(chosen);
  const scope = useMemo(() => storeScopeOfKey(chosenKey), [chosenKey]);

  const custom = useMemo(
    () => (range === 'custom' ? { from: fromParam, to: toParam } : undefined),
    [range, fromParam, toParam],
  );
  const bounds = useMemo(() => rangeBounds(range, month, custom), [range, month, custom]);

  // React Router's setter changes with every change of the address; the dashboard's setters stay the same, so the
  // memoised selectors (500 stores in the store selector) do not render again on each range switch.
  const latestSetParams = useRef(setParams);
  const latestBounds = useRef(bounds);
  useLayoutEffect(() => {
    latestSetParams.current = setParams;
    latestBounds.current = bounds;
  }, [setParams, bounds]);
  const set = useCallback(
    (key: string, value: string, more: Record<string, string> = {}) =>
      latestSetParams.current(
        (prev) => {
          const next = new URLSearchParams(prev);
          next.set(key, value);
          for (const [k, v] of Object.entries(more)) next.set(k, v);
          // the custom dates belong to the custom range only
          if (key === 'range' && value !== 'custom') {
            next.delete('from');
            next.delete('to');
          }
          return next;
        },
        { replace: true },
      ),
    [],
  );

  return {
    range,
    month,
    scope,
    bounds,
    ranges,
    custom,
    // Choosing Custom starts from the range on screen; the picker then changes its dates.
    setRange: useCallback(
      (value: RangeKey) =>
        value === 'custom'
          ? set('range', value, { from: latestBounds.current.from, to: latestBounds.current.to })
          : set('range', value),
      [set],
    ),
    setCustom: useCallback(({ from, to }: CustomRange) => set('range', 'custom', { from, to }), [set]),
    setMonth: useCallback((value: string) => set('month', value), [set]),
    setScope: useCallback((key: string) => set('store', key), [set]),
  };
}
