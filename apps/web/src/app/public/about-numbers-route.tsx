import { ComingSoonPanel } from '../../components/coming-soon-panel';

/** Placeholder until this screen lands (step 2). */
export function AboutNumbersRoute() {
  return <ComingSoonPanel title="About these numbers" />;
}
