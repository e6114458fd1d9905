import { useMatches, useParams } from 'react-router';
import { ComingSoonPanel } from '../../components/coming-soon-panel';
import { useDemoMode } from '../../lib/demo-mode';
import { findOpsSection, opsSectionLabel } from './ops-sections';

/** A console section whose screen is not built yet; the route's handle names the section. */
export function OpsSectionRoute() {
  const demo = useDemoMode();
  const matches = useMatches();
  const { id } = useParams();
  const handle = matches[matches.length - 1]?.handle as { sectionId?: string } | undefined;
  const section = findOpsSection(handle?.sectionId);
  const title = section ? opsSectionLabel(section, demo) : 'This section';
  const detail = section?.id === 'transcripts' && id ? `Transcript ${id} will open in the detail panel.` : undefined;
  return <ComingSoonPanel title={title} detail={detail} />;
}
