import { sectionLabel } from '@openrescue/shared';
import { PageHeader } from '../../components/page-header';
import { paths } from '../../config/paths';
import { BulkScanDetail } from '../../features/ops-lists/components/bulkscan-detail';
import { ListDetailScreen } from '../../features/ops-lists/components/list-detail-screen';
import { NoPickupsList } from '../../features/ops-lists/components/no-pickups-list';
import { useDemoMode } from '../../lib/demo-mode';

/** /ops/retail/no-pickups: bulk scans with a no-pickup reason. */
export function NoPickupsRoute() {
  const demo = useDemoMode();
  return (
    <ListDetailScreen
      basePath={paths.ops.noPickups}
      header={<PageHeader title={sectionLabel('bulkScans', demo)} description="Bulk scans recorded with a no-pickup reason." />}
      list={<NoPickupsList basePath={paths.ops.noPickups} />}
      detailTitle="Bulk scan details"
      renderDetail={(id) => <BulkScanDetail id={id} />}
    />
  );
}
