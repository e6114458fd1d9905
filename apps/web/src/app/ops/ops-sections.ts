import { sectionLabel, type SectionKey } from '@openrescue/shared';
import { paths, routePatterns } from '../../config/paths';

export type OpsSectionId =
  | 'dashboard'
  | 'network'
  | 'receivers'
  | 'stores'
  | 'noPickups'
  | 'stipendReport'
  | 'publish'
  | 'generated'
  | 'mailable'
  | 'transcripts'
  | 'logs'
  | 'flows'
  | 'audit';

export type OpsGroup = 'overview' | 'retail' | 'reports' | 'operations';

export interface OpsSection {
  id: OpsSectionId;
  path: string;
  /** Route pattern relative to /ops. */
  route: string;
  group: OpsGroup;
  /** Sections of the spec 2.2 table take their (demo) label from shared; the others have one name. */
  labelKey?: SectionKey;
  title?: string;
  /** The line under the menu entry and on the landing page. */
  description: string;
  /**
   * The line under the screen's heading, where it does not depend on data: the screen shows it, and so does the
   * console frame the server sends before the app has run (ops-shell.tsx).
   */
  intro?: string;
}

const rel = (path: string) => path.replace(`${paths.ops.root}/`, '');

export const OPS_SECTIONS: readonly OpsSection[] = [
  {
    id: 'dashboard',
    path: paths.ops.dashboard,
    route: rel(paths.ops.dashboard),
    group: 'overview',
    labelKey: 'dashboard',
    description: 'Network-wide donation totals and trends.',
    intro: 'Donations and impact across the whole network.',
  },
  {
    id: 'receivers',
    path: paths.ops.receivers,
    route: rel(paths.ops.receivers),
    group: 'retail',
    labelKey: 'receivers',
    description: 'Charities, farms and composters that receive food.',
    intro: 'Charities and farms that receive food. Open one for its stores, links and scans.',
  },
  {
    id: 'stores',
    path: paths.ops.stores,
    route: rel(paths.ops.stores),
    group: 'retail',
    labelKey: 'stores',
    description: 'Donating stores and the receivers that serve them.',
    intro: 'Donating stores. Open one for its receivers, links and scans.',
  },
  {
    id: 'noPickups',
    path: paths.ops.noPickups,
    route: rel(paths.ops.noPickups),
    group: 'retail',
    labelKey: 'bulkScans',
    description: 'Bulk scans and missed pickups with their reasons.',
    intro: 'Bulk scans recorded with a no-pickup reason.',
  },
  {
    id: 'stipendReport',
    path: paths.ops.stipendReport,
    route: rel(paths.ops.stipendReport),
    group: 'retail',
    labelKey: 'stipendReport',
    description: 'Scheduled against actual service days, per receiver and month.',
    intro: 'Scheduled against actual service days, per receiver, store and month.',
  },
  {
    id: 'publish',
    path: paths.ops.publish,
    route: rel(paths.ops.publish),
    group: 'reports',
    title: 'Publish',
    description: 'Publish monthly report files to suppliers and receivers.',
    intro: 'Publish monthly report files to suppliers and receivers.',
  },
  {
    id: 'generated',
    path: paths.ops.generated,
    route: rel(paths.ops.generated),
    group: 'reports',
    title: 'Generated Files',
    description: 'Rendered reports and their delivery status.',
  },
  {
    id: 'mailable',
    path: paths.ops.mailable,
    route: rel(paths.ops.mailable),
    group: 'reports',
    labelKey: 'mailableContacts',
    description: 'Charity contacts who receive report links by email.',
    intro: 'Charity contacts who receive their report links by e-mail.',
  },
  {
    id: 'transcripts',
    path: paths.ops.transcripts,
    route: rel(routePatterns.transcripts),
    group: 'operations',
    labelKey: 'callTranscripts',
    description: 'Recorded calls with sentiment and key phrases.',
    intro: 'Recorded calls with their sentiment, highlights and full transcript.',
  },
  {
    id: 'network',
    path: paths.ops.network,
    route: rel(paths.ops.network),
    group: 'operations',
    title: 'Network map',
    description: 'Organizations by region, verified status and impact.',
  },
  {
    id: 'logs',
    path: paths.ops.logs,
    route: rel(paths.ops.logs),
    group: 'operations',
    title: 'Logs',
    description: 'Debug log of the data flows.',
    intro: 'Problems the data flows found, and failures of jobs and mail; newest first.',
  },
  {
    id: 'flows',
    path: paths.ops.flows,
    route: rel(paths.ops.flows),
    group: 'operations',
    title: 'Flows',
    description: 'Run the bulk-scan to donation data flows.',
    intro: 'Run the bulk-scan to donation data flows. Each run is a job in Jobs History; problems go to Logs.',
  },
  {
    id: 'audit',
    path: paths.ops.audit,
    route: rel(paths.ops.audit),
    group: 'operations',
    title: 'Audit trail',
    description: 'Every staff action: who, when, what and why.',
    intro: 'Staff actions, newest first: corrections with their reasons, links, mail, publishing, flows and keys.',
  },
];

export const OPS_GROUP_LABELS: Record<OpsGroup, string> = {
  overview: 'Overview',
  retail: 'Retail',
  reports: 'Reports',
  operations: 'Operations',
};

export function opsSectionLabel(section: OpsSection, demo: boolean): string {
  return section.labelKey ? sectionLabel(section.labelKey, demo) : (section.title ?? section.id);
}

export function findOpsSection(id: string | undefined): OpsSection | undefined {
  return OPS_SECTIONS.find((s) => s.id === id);
}
