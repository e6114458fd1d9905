import { PageHeader } from '../../components/page-header';

/** /ops/reports/generated: Generated Files (spec 2.4). */
export function GeneratedRoute() {
  return <PageHeader title="Generated Files" description="Rendered reports and their delivery status." />;
}
