import { PageHeader } from '../../components/page-header';

/** /ops/reports/publish: Publish Reports (spec 2.3). */
export function PublishRoute() {
  return <PageHeader title="Publish" description="Publish monthly report files to suppliers and receivers." />;
}
