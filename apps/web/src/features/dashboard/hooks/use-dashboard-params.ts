import {
  currentReportMonth,
  DEFAULT_RANGE,
  defaultMonth,
  rangeBounds,
  reportDay,
  visibleRanges,
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
  setRange: (range: RangeKey) => void;
  setMonth: (month: string) => void;
  /** Chooses a scope by its selector value (`scopeKey`); it is read back like any address, so a value this viewer
   * may not use falls back to the default. */
  setScope: (key: string) => void;
}

const MONTH_PARAM = /^\d{4}-(0[1-9]|1[0-2])-01$/;

/**
 * Range, end month and store live in the address (`?range=3m&month=2026-09-01&store=store-4`), so a view can be
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
  const range = rangeParam && ranges.includes(rangeParam) ? rangeParam : DEFAULT_RANGE;

  const latest = currentReportMonth();
  const monthParam = params.get('month');
  const month =
    monthParam && MONTH_PARAM.test(monthParam) && monthParam <= latest ? monthParam : defaultMonth(reportDay());

  const parsed = parseScope(params.get('store'));
  const chosen = lockedScope ?? (parsed && scopeAllowed(access, parsed, stores) ? parsed : defaultScope(access));
  // One object while the choice stands: the dashboard's memoised parts then skip the renders that change nothing.
  const chosenKey = scopeKey(chosen);
  // eslint-disable-next-line react-hooks/exhaustive-deps -- memoised on the scope's value (its key), not its identity
  const scope = useMemo(() => chosen, [chosenKey]);

  const bounds = useMemo(() => rangeBounds(range, month), [range, month]);

  // React Router's setter changes with every change of the address; the dashboard's setters stay the same, so the
  // memoised selectors (500 stores in the store selector) do not render again on each range switch.
  const latestSetParams = useRef(setParams);
  useLayoutEffect(() => {
    latestSetParams.current = setParams;
  }, [setParams]);
  const set = useCallback(
    (key: string, value: string) =>
      latestSetParams.current(
        (prev) => {
          const next = new URLSearchParams(prev);
          next.set(key, value);
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
    setRange: useCallback((value: RangeKey) => set('range', value), [set]),
    setMonth: useCallback((value: string) => set('month', value), [set]),
    setScope: useCallback((key: string) => set('store', key), [set]),
  };
}
