import { sectionLabel } from '@openrescue/shared';
import { PageHeader } from '../../components/page-header';
import { paths } from '../../config/paths';
import { NoPickupsList } from '../../features/ops-lists/components/no-pickups-list';
import { useDemoMode } from '../../lib/demo-mode';

/** /ops/retail/no-pickups: bulk scans with a no-pickup reason. */
export function NoPickupsRoute() {
  const demo = useDemoMode();
  return (
    <>
      <PageHeader title={sectionLabel('bulkScans', demo)} description="Bulk scans recorded with a no-pickup reason." />
      <NoPickupsList basePath={paths.ops.noPickups} />
    </>
  );
}
