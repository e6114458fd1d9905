import { useLiveJobs } from '../../features/jobs/api/live-jobs';
import { PublishScreen } from '../../features/publishing/components/publish-screen';
import { SectionHeader } from './section-header';

/** /ops/reports/publish: Publish Reports (spec 2.3), following its jobs live. */
export function PublishRoute() {
  const live = useLiveJobs();
  return (
    <>
      <SectionHeader id="publish" />
      <PublishScreen liveJobs={live.docs} />
    </>
  );
}
