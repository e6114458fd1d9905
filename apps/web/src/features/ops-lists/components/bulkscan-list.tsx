import { Button, Group } from '@mantine/core';
import { Link } from 'react-router';
import { paths } from '../../../config/paths';
import { useBulkScans, type BulkScanRow } from '../api/get-bulkscans';
import { BulkScanActions } from './bulkscan-correction';
import { BulkScanRowContent } from './bulkscan-row';
import { ListView } from './list-view';

/** A scan with its Correct and Delete actions, and its history in the audit trail (issue 36). */
const renderScan = (r: BulkScanRow) => (
  <>
    <BulkScanRowContent row={r} />
    <Group gap="xs" mt={6}>
      <BulkScanActions row={r} />
      <Button
        component={Link}
        to={`${paths.ops.audit}?object_type=bulk_scan&object_id=${r.id}`}
        size="compact-sm"
        variant="subtle"
        aria-label={`History of bulk scan ${r.id}`}
      >
        History
      </Button>
    </Group>
  </>
);

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
