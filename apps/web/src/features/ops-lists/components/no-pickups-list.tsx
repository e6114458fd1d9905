import { Group } from '@mantine/core';
import { useCallback, useMemo } from 'react';
import { useLookup } from '../../../lib/lookups';
import { useBulkScans, type BulkScanRow } from '../api/get-bulkscans';
import { useListUrl } from '../hooks/use-list-url';
import { BulkScanRowContent } from './bulkscan-row';
import { FilterDrop } from '../../../components/filter-drop';
import { ListView } from './list-view';
import { LookupFilter } from '../../../components/lookup-filter';
import { RecordNoPickupButton } from './record-no-pickup';
import { ListSort } from './list-sort';
import { BULK_SCAN_SORT, readSort, sortQuery } from '../lib/sort-options';

/** No-pickups (spec 2.2): bulk scans with a reason, filtered by store, receiver and reason. */
export function NoPickupsList({ basePath }: { basePath: string }) {
  const { params, setFilter, rowHref } = useListUrl(basePath);
  const store = params.get('store_id');
  const receiver = params.get('receiver_id');
  const reason = params.get('reason_id');
  const sort = readSort(params, BULK_SCAN_SORT);
  const query = useBulkScans({
    ...sortQuery(sort, BULK_SCAN_SORT),
    has_reason: true,
    store_id: store ?? undefined,
    receiver_id: receiver ?? undefined,
    reason_id: reason ?? undefined,
  });
  const reasons = useLookup('reasons');
  const reasonText = useMemo(() => new Map((reasons.data ?? []).map((r) => [r.value, r.label])), [reasons.data]);
  const renderRow = useCallback(
    (r: BulkScanRow) => (
      <BulkScanRowContent
        row={r}
        reason={
          r.reason_id != null ? (r.reason ?? reasonText.get(String(r.reason_id)) ?? `Reason ${r.reason_id}`) : undefined
        }
      />
    ),
    [reasonText],
  );

  return (
    <ListView
      label="No-pickup bulk scans"
      query={query}
      rowKey={(r) => r.id}
      rowHref={(r) => rowHref(r.id)}
      rowLabel={(r) => `Bulk scan ${r.id}: ${r.store} to ${r.receiver}`}
      emptyText="No bulk scans with a reason match these filters."
      toolbar={
        <Group gap="xs">
          <RecordNoPickupButton storeId={store} receiverId={receiver} />
          <ListSort options={BULK_SCAN_SORT} value={sort} onChange={(v) => setFilter('ordering', v)} />
          <FilterDrop active={[store, receiver, reason].filter(Boolean).length}>
            <LookupFilter kind="stores" label="Store" value={store} onChange={(v) => setFilter('store_id', v)} />
            <LookupFilter
              kind="receivers"
              label="Receiver"
              value={receiver}
              onChange={(v) => setFilter('receiver_id', v)}
            />
            <LookupFilter kind="reasons" label="Reason" value={reason} onChange={(v) => setFilter('reason_id', v)} />
          </FilterDrop>
        </Group>
      }
      renderRow={renderRow}
    />
  );
}
