import { PageHeader } from '../../components/page-header';
import { useLiveJobs } from '../../features/jobs/api/live-jobs';
import { PublishScreen } from '../../features/publishing/components/publish-screen';

/** /ops/reports/publish: Publish Reports (spec 2.3), following its jobs live. */
export function PublishRoute() {
  const live = useLiveJobs();
  return (
    <>
      <PageHeader title="Publish" description="Publish monthly report files to suppliers and receivers." />
      <PublishScreen liveJobs={live.docs} />
    </>
  );
}
