import { Alert, Box, Button, Group, Stack } from '@mantine/core';
import {
  canSeeFlwButton,
  canSeeMoneySaved,
  currentReportMonth,
  DEPARTMENTS,
  DESTINATIONS,
  rangeBounds,
  RANGES_WITHOUT_MONTH,
  rangeText,
  reportDay,
  type Viewer,
} from '@openrescue/shared';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useDeferredValue, useMemo } from 'react';
import { useCompanies } from '../api/get-companies';
import { comparedTotalsQueryOptions, donationTotalsQueryOptions } from '../api/get-donation-totals';
import { useStores } from '../api/get-stores';
import { useCardFigures } from '../hooks/use-card-figures';
import { useDashboardParams } from '../hooks/use-dashboard-params';
import { scopeKey, scopeTitle, type DashboardAccess, type Scope } from '../lib/scope';
import { scopeOptions } from '../lib/scope-options';
import { BreakdownCard } from './breakdown-card';
import { CompanyReportButton } from './company-report-button';
import { DashboardGrid } from './dashboard-grid';
import { DashboardExport } from './dashboard-export';
import { DashboardHeader } from './dashboard-header';
import classes from './impact-dashboard.module.css';
import { ImpactCards } from './impact-cards';
import { CustomRangePicker, MonthPicker, RangeSelect } from './range-controls';
import { StoreSelect } from './store-select';

export interface ImpactDashboardProps {
  viewer: Viewer;
  access: DashboardAccess;
  /** config.flw_url; the button shows only for viewers allowed to see it. */
  flwUrl?: string;
  /** A fixed scope without a store selector (the ops dashboard's network-wide view). */
  lockedScope?: Scope;
}

/**
 * A lookup list still on its way: loading, or loaded and not yet through its deferred value. Not a list that failed
 * or was never asked for.
 */
function listLoading(query: { isLoading: boolean; isSuccess: boolean }, deferred: unknown): boolean {
  return deferred === undefined && (query.isLoading || query.isSuccess);
}

/** Impact cards and the department / destination graphs for a store, a company or everything (spec 2.5). */
export function ImpactDashboard({ viewer, access, flwUrl, lockedScope }: ImpactDashboardProps) {
  // A query's answer reaches React as an urgent update, which React renders in one go. Read deferred, the answer
  // first renders this component alone (its parts below are memoised and unchanged), then the parts it changes in
  // a deferred render, which React slices: no long task on a slow phone as the 500 stores or the totals arrive.
  const stores = useStores(!lockedScope);
  const storeList = useDeferredValue(stores.data);
  const companies = useCompanies(!lockedScope && access.kind !== 'store');
  const companyList = useDeferredValue(companies.data);
  const params = useDashboardParams(viewer, access, storeList, lockedScope);
  const { scope, bounds, setScope } = params;
  // 'Company report' (issue 37 §2): a company user who sees all stores, for their company; staff, for the company picked.
  const reportCompanyId = lockedScope
    ? undefined
    : access.kind === 'company'
      ? access.companyId
      : access.kind === 'admin' && scope.kind === 'company'
        ? scope.id
        : undefined;
  const companyReport = useMemo(() => {
    const company = companyList?.find((c) => c.id === reportCompanyId);
    if (!company || !storeList) return null;
    return {
      companyId: company.id,
      company: company.name,
      stores: storeList.filter((s) => s.company_id === company.id).length,
    };
  }, [companyList, storeList, reportCompanyId]);

  const { departments, rows: departmentRows, totals, comparison } = useCardFigures(bounds.from, bounds.to, scope);

  const options = useMemo(
    () => scopeOptions(access, storeList ?? [], companyList ?? []),
    [access, storeList, companyList],
  );
  // The scope's name comes with the lists: until then the header and the selector say that they are loading rather
  // than 'Company 12' (decision 0031). A list that failed to load leaves the name by its id.
  const namesLoading =
    scope.kind === 'store'
      ? listLoading(stores, storeList)
      : scope.kind === 'company' && listLoading(companies, companyList);
  const title = namesLoading ? undefined : scopeTitle(scope, storeList, companyList);

  // Opening the range list takes the user a moment before they choose: enough to have every range's figures (both
  // graphs' totals, on rollups, a few ms each on the server), so the choice shows at once.
  const queryClient = useQueryClient();
  const { ranges, range: shownRange, month } = params;
  const prefetchRanges = useCallback(() => {
    for (const range of ranges) {
      if (range === shownRange || range === 'custom') continue;
      const { from, to } = rangeBounds(range, month);
      void queryClient.prefetchQuery(comparedTotalsQueryOptions({ from, to, scope, annotate: 'from_department_id' }));
      for (const annotate of ['from_department_id', 'destination_id'] as const) {
        void queryClient.prefetchQuery(donationTotalsQueryOptions({ from, to, scope, annotate }));
      }
    }
  }, [queryClient, ranges, shownRange, month, scope]);

  // The header (the page's largest text) paints with the first render; the filters, cards and graphs follow as a
  // deferred render, which React does in slices instead of one long task on a slow phone (decision 0018).
  const everything = useDeferredValue(true, false);

  return (
    <Stack gap="lg" data-testid="impact-dashboard" className={classes.root}>
      <DashboardHeader
        title={title}
        range={rangeText(bounds)}
        storeId={scope.kind === 'store' ? scope.id : undefined}
        flwUrl={canSeeFlwButton(viewer) && flwUrl ? flwUrl : undefined}
        updating={departments.isFetching && !departments.isPending}
      />
      {everything && (
        <>
          <DashboardGrid
            layout={lockedScope ? 'filtersLocked' : 'filters'}
            component="form"
            aria-label="Dashboard filters"
            data-print="hide"
            onSubmit={(e) => e.preventDefault()}
          >
            {!lockedScope && (
              <StoreSelect
                options={options}
                value={scopeKey(scope)}
                onChange={setScope}
                loading={namesLoading || listLoading(stores, storeList)}
              />
            )}
            <RangeSelect
              ranges={params.ranges}
              value={params.range}
              onChange={params.setRange}
              onOpen={prefetchRanges}
            />
            {/* The report button goes under the dates when both do not fit: a custom range's two dates need ~260 px
                to stay on one line in the field (at 1280 px they did not beside the button). */}
            <Group gap="xs" align="flex-end">
              <Box flex={1} miw={params.custom ? 260 : 200}>
                {params.custom ? (
                  <CustomRangePicker value={params.custom} latest={reportDay()} onChange={params.setCustom} />
                ) : (
                  !RANGES_WITHOUT_MONTH.includes(params.range) && (
                    <MonthPicker value={params.month} latest={currentReportMonth()} onChange={params.setMonth} />
                  )
                )}
              </Box>
              {companyReport && <CompanyReportButton {...companyReport} month={params.month} />}
            </Group>
          </DashboardGrid>
          <DashboardExport from={bounds.from} to={bounds.to} scope={scope} granularity={bounds.granularity} />
          {departments.isError && !departmentRows ? (
            <Alert color="red" variant="light" title="The impact figures could not be loaded" role="alert">
              <Button size="xs" variant="default" onClick={() => void departments.refetch()}>
                Try again
              </Button>
            </Alert>
          ) : (
            <ImpactCards
              totals={totals}
              showMoney={canSeeMoneySaved(viewer)}
              loading={!totals}
              comparison={comparison}
              compared
            />
          )}
          <DashboardGrid layout="graphs">
            <BreakdownCard
              title="Donations by department"
              noun="department"
              field="from_department_id"
              categories={DEPARTMENTS}
              bounds={bounds}
              scope={scope}
            />
            <BreakdownCard
              title="Donations by destination"
              noun="destination"
              field="destination_id"
              categories={DESTINATIONS}
              bounds={bounds}
              scope={scope}
            />
          </DashboardGrid>
        </>
      )}
    </Stack>
  );
}
