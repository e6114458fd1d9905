import { Alert, Button, Stack } from '@mantine/core';
import {
  currentReportMonth,
  DEPARTMENTS,
  RANGES_WITHOUT_MONTH,
  rangeText,
  reportDay,
  type MyReceiverUser,
  type Viewer,
} from '@openrescue/shared';
import { useMemo } from 'react';
import { useStores } from '../../features/dashboard/api/get-stores';
import { BreakdownCard } from '../../features/dashboard/components/breakdown-card';
import { DashboardExport } from '../../features/dashboard/components/dashboard-export';
import { DashboardGrid } from '../../features/dashboard/components/dashboard-grid';
import { DashboardHeader } from '../../features/dashboard/components/dashboard-header';
import { ImpactCards } from '../../features/dashboard/components/impact-cards';
import { CustomRangePicker, MonthPicker, RangeSelect } from '../../features/dashboard/components/range-controls';
import { useCardFigures } from '../../features/dashboard/hooks/use-card-figures';
import { useDashboardParams } from '../../features/dashboard/hooks/use-dashboard-params';
import type { Scope } from '../../features/dashboard/lib/scope';
import { placeCategories } from './place-categories';
import { CharityReports } from '../../features/charity/components/charity-reports';
import { PublicLinkField } from '../../features/detail-panels/components/public-link-field';

/** The server scopes every answer to the charity's receivers (decision 0066): "everything" is all of its sites. */
const ALL_SITES: Scope = { kind: 'all' };
/** The admin access only picks the dashboard's defaults here; the scope is fixed and the server narrows it. */
const LOCKED = { kind: 'admin' } as const;

export interface CharityDashboardProps {
  viewer: Viewer;
  charity: MyReceiverUser;
}

/**
 * A charity user's dashboard (issue 37, decision 0066): the food its receivers got, with the client dashboard's
 * ranges, cards and graphs (by department and by donor store; by site when it has several), never money saved; then
 * each receiver's monthly reports and its public link.
 */
export function CharityDashboard({ viewer, charity }: CharityDashboardProps) {
  const params = useDashboardParams(viewer, LOCKED, undefined, ALL_SITES);
  const { bounds } = params;
  // The cards compare with the previous and the year-earlier period, as every dashboard's (decision 0072).
  const { departments, rows, totals, comparison } = useCardFigures(bounds.from, bounds.to, ALL_SITES);

  const stores = useStores();
  const storeCategories = useMemo(() => placeCategories(stores.data ?? []), [stores.data]);
  const siteCategories = useMemo(() => placeCategories(charity.receivers), [charity.receivers]);
  const title = charity.receivers.map((r) => r.name).join(' · ') || 'Your organization';

  return (
    <Stack gap="lg" data-testid="charity-dashboard">
      <DashboardHeader
        title={title}
        range={rangeText(bounds)}
        updating={departments.isFetching && !departments.isPending}
      />
      <DashboardGrid
        layout="filtersLocked"
        component="form"
        aria-label="Dashboard filters"
        data-print="hide"
        onSubmit={(e: React.FormEvent) => e.preventDefault()}
      >
        <RangeSelect ranges={params.ranges} value={params.range} onChange={params.setRange} />
        {params.custom ? (
          <CustomRangePicker value={params.custom} latest={reportDay()} onChange={params.setCustom} />
        ) : (
          !RANGES_WITHOUT_MONTH.includes(params.range) && (
            <MonthPicker value={params.month} latest={currentReportMonth()} onChange={params.setMonth} />
          )
        )}
      </DashboardGrid>
      {/* The cards' and the department graph's figures for the charity's sites, as CSV and Excel (decision 0074). */}
      <DashboardExport from={bounds.from} to={bounds.to} scope={ALL_SITES} granularity={bounds.granularity} />
      {departments.isError && !rows ? (
        <Alert color="red" variant="light" title="The impact figures could not be loaded" role="alert">
          <Button size="xs" variant="default" onClick={() => void departments.refetch()}>
            Try again
          </Button>
        </Alert>
      ) : (
        <ImpactCards totals={totals} showMoney={false} loading={!totals} comparison={comparison} compared />
      )}
      <DashboardGrid layout="graphs">
        <BreakdownCard
          title="Donations by department"
          noun="department"
          field="from_department_id"
          categories={DEPARTMENTS}
          bounds={bounds}
          scope={ALL_SITES}
        />
        <BreakdownCard
          title="Donations by donor store"
          noun="store"
          field="from_store_id"
          categories={storeCategories}
          bounds={bounds}
          scope={ALL_SITES}
        />
        {charity.receivers.length > 1 && (
          <BreakdownCard
            title="Donations by site"
            noun="site"
            field="receiver_id"
            categories={siteCategories}
            bounds={bounds}
            scope={ALL_SITES}
          />
        )}
      </DashboardGrid>
      <CharityReports
        charity={charity}
        month={params.month}
        // The report page's field (ShareLinks): copies and rotations reach the audit trail (decision 0069).
        linkField={(id) => <PublicLinkField kind="receiver" id={String(id)} canRotate side="client" />}
      />
    </Stack>
  );
}
