import type { ReactNode } from 'react';
import { PageHeader } from '../../components/page-header';
import { useDemoMode } from '../../lib/demo-mode';
import { findOpsSection, opsSectionLabel, type OpsSectionId } from './ops-sections';

/** A console screen's heading: the section's name and its intro (the same the server-sent console frame shows). */
export function SectionHeader({ id, actions }: { id: OpsSectionId; actions?: ReactNode }) {
  const demo = useDemoMode();
  const section = findOpsSection(id)!;
  return <PageHeader title={opsSectionLabel(section, demo)} description={section.intro} actions={actions} />;
}
