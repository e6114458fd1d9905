import type { OrgSidePanel } from '../../features/detail-panels/components/org-detail';

export type SidePanelName = OrgSidePanel | 'insert-bulkscans';

/** The drawer title of each side panel (spec 2.8); the panels themselves load with the drawer's body. */
export const SIDE_PANEL_TITLES: Record<SidePanelName, string> = {
  'insert-bulkscans': 'Insert bulk scans',
  'donation-reports': 'Donation reports',
  bulkscan: 'BulkScan',
  posters: 'Store Posters',
};

export const isSidePanel = (name: string | null): name is SidePanelName =>
  name !== null && Object.hasOwn(SIDE_PANEL_TITLES, name);
