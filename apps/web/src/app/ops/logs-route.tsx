import { PageHeader } from '../../components/page-header';
import { LogsScreen } from '../../features/logs/components/logs-screen';

/** /ops/logs: the debug log (spec 2.13). */
export function LogsRoute() {
  return (
    <>
      <PageHeader title="Logs" description="Problems the data flows found, and failures of jobs and mail; newest first." />
      <LogsScreen />
    </>
  );
}
