import { ComingSoonPanel } from '../../components/coming-soon-panel';

/** The Flows screen (issue 7); replaced by the real screen. */
export function FlowsRoute() {
  return <ComingSoonPanel title="Flows" />;
}
