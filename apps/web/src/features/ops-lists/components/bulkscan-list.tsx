import { useBulkScans, type BulkScanRow } from '../api/get-bulkscans';
import { BulkScanRowContent } from './bulkscan-row';
import { ListView } from './list-view';

const renderScan = (r: BulkScanRow) => <BulkScanRowContent row={r} />;

/** The BulkScan side panel: the scans recorded for one receiver or one store. */
export function BulkScanList({ receiverId, storeId }: { receiverId?: string; storeId?: string }) {
  const query = useBulkScans({ receiver_id: receiverId, store_id: storeId });
  return (
    <ListView
      label="Bulk scans"
      query={query}
      rowKey={(r) => r.id}
      renderRow={renderScan}
      emptyText="No bulk scans recorded yet."
      virtual={false}
    />
  );
}
