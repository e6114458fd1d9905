import { ComingSoonPanel } from '../../components/coming-soon-panel';

/** Placeholder until this screen lands (step 2). */
export function OpsDashboardRoute() {
  return <ComingSoonPanel title="Dashboard" />;
}
