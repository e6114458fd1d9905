import { useLiveJobs } from '../../features/jobs/api/live-jobs';
import { FlowsScreen } from '../../features/flows/components/flows-screen';
import { SectionHeader } from './section-header';

/** /ops/flows: the data flows (spec 2.13), following their jobs live. */
export function FlowsRoute() {
  const live = useLiveJobs();
  return (
    <>
      <SectionHeader id="flows" />
      <FlowsScreen liveJobs={live.docs} />
    </>
  );
}
