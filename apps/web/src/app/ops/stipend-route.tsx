import { Group } from '@mantine/core';
import { MonthPickerInput } from '@mantine/dates';
import { paths } from '../../config/paths';
import { useInfiniteList } from '../../features/ops-lists/api/list-page';
import { FilterDrop } from '../../components/filter-drop';
import { useLookup } from '../../lib/lookups';
import { ListDetailScreen } from '../../features/ops-lists/components/list-detail-screen';
import { ListView } from '../../features/ops-lists/components/list-view';
import { ListSort } from '../../features/ops-lists/components/list-sort';
import { readSort, sortQuery, STIPEND_SORT } from '../../features/ops-lists/lib/sort-options';
import { LookupFilter } from '../../components/lookup-filter';
import { useListUrl } from '../../features/ops-lists/hooks/use-list-url';
import { STIPEND_URL, type StipendFilters, type StipendRow } from '../../features/stipend/api/get-stipend';
import { StipendDownloadButton } from '../../features/stipend/components/download-button';
import { StipendDetail } from '../../features/stipend/components/stipend-detail';
import { StipendMonthNote } from '../../features/stipend/components/stipend-month-note';
import { StipendRowContent } from '../../features/stipend/components/stipend-row';
import { SectionHeader } from './section-header';

/** /ops/retail/stipend-report: service days per receiver, store and month, with the spreadsheet download. */
const renderStipendRow = (r: StipendRow) => <StipendRowContent row={r} />;

export function StipendRoute() {
  const { params, setFilter, rowHref } = useListUrl(paths.ops.stipendReport);
  const reasons = useLookup('reasons');
  const reasonLabel = (reasonId: number) =>
    reasons.data?.find((r) => r.value === String(reasonId))?.label ?? `Reason ${reasonId}`;
  const month = params.get('year_month');
  const filters: StipendFilters = {
    year_month: month && /^\d{4}-\d{2}$/.test(month) ? month : undefined,
    receiver_id: params.get('receiver_id') ?? undefined,
    store_id: params.get('store_id') ?? undefined,
  };
  const sort = readSort(params, STIPEND_SORT);
  const query = useInfiniteList<StipendRow>('stipend', STIPEND_URL, { ...filters, ...sortQuery(sort, STIPEND_SORT) });

  return (
    <ListDetailScreen
      basePath={paths.ops.stipendReport}
      header={<SectionHeader id="stipendReport" />}
      detailTitle="Stipend row"
      renderDetail={(id) => <StipendDetail id={id} reasonLabel={reasonLabel} />}
      list={
        <ListView
          label="Stipend rows"
          query={query}
          rowKey={(r) => r.item_id}
          rowHref={(r) => rowHref(r.item_id)}
          rowLabel={(r) => `${r.receiver_name}, ${r.store_name}, ${r.year_month}`}
          renderRow={renderStipendRow}
          emptyText="No stipend rows match these filters."
          toolbar={
            <Group gap="xs">
              <StipendMonthNote month={filters.year_month} />
              <ListSort options={STIPEND_SORT} value={sort} onChange={(v) => setFilter('ordering', v)} />
              <FilterDrop active={Object.values(filters).filter(Boolean).length}>
                <MonthPickerInput
                  label="Month"
                  clearable
                  value={filters.year_month ? `${filters.year_month}-01` : null}
                  onChange={(v) => setFilter('year_month', v ? v.slice(0, 7) : null)}
                  popoverProps={{ withinPortal: false }}
                />
                <LookupFilter
                  kind="receivers"
                  label="Receiver"
                  value={filters.receiver_id ?? null}
                  onChange={(v) => setFilter('receiver_id', v)}
                />
                <LookupFilter
                  kind="stores"
                  label="Store"
                  value={filters.store_id ?? null}
                  onChange={(v) => setFilter('store_id', v)}
                />
              </FilterDrop>
              <StipendDownloadButton filters={{ ...filters, ...sortQuery(sort, STIPEND_SORT) }} />
            </Group>
          }
        />
      }
    />
  );
}
