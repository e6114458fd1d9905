import { PageHeader } from '../../components/page-header';
import { useLiveJobs } from '../../features/jobs/api/live-jobs';
import { FlowsScreen } from '../../features/flows/components/flows-screen';

/** /ops/flows: the data flows (spec 2.13), following their jobs live. */
export function FlowsRoute() {
  const live = useLiveJobs();
  return (
    <>
      <PageHeader title="Flows" description="Run the bulk-scan to donation data flows. Each run is a job in Jobs History; problems go to Logs." />
      <FlowsScreen liveJobs={live.docs} />
    </>
  );
}
