import { ComingSoonPanel } from '../../components/coming-soon-panel';

/** The Logs screen (issue 7); replaced by the real screen. */
export function LogsRoute() {
  return <ComingSoonPanel title="Logs" />;
}
