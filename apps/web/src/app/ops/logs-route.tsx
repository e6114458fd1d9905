import { LogsScreen } from '../../features/logs/components/logs-screen';
import { SectionHeader } from './section-header';

/** /ops/logs: the debug log (spec 2.13). */
export function LogsRoute() {
  return (
    <>
      <SectionHeader id="logs" />
      <LogsScreen />
    </>
  );
}
