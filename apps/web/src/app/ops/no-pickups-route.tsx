import { paths } from '../../config/paths';
import { AuditHistory } from '../../features/audit/components/audit-history';
import { BulkScanDetail } from '../../features/ops-lists/components/bulkscan-detail';
import { ListDetailScreen } from '../../features/ops-lists/components/list-detail-screen';
import { NoPickupsList } from '../../features/ops-lists/components/no-pickups-list';
import { SectionHeader } from './section-header';

/** /ops/retail/no-pickups: bulk scans with a no-pickup reason. */
export function NoPickupsRoute() {
  return (
    <ListDetailScreen
      basePath={paths.ops.noPickups}
      header={<SectionHeader id="noPickups" />}
      list={<NoPickupsList basePath={paths.ops.noPickups} />}
      detailTitle="Bulk scan details"
      renderDetail={(id) => <BulkScanDetail id={id} history={<AuditHistory objectType="bulk_scan" objectId={id} />} />}
    />
  );
}
