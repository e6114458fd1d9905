import type { ComponentType } from 'react';
import type { OrgSidePanel } from '../../features/detail-panels/components/org-detail';
import { StorePostersPanel } from '../../features/detail-panels/components/store-posters-panel';
import { DonationReportsList } from '../../features/monthly-report/components/donation-reports-list';
import { BulkScanList } from '../../features/ops-lists/components/bulkscan-list';
import { InsertWeightsForm } from '../../features/weight-entry/components/insert-weights-form';

/** What a side panel gets: the open row and the ids named in the address. */
export interface SidePanelProps {
  kind: 'receiver' | 'store';
  id: string;
  params: URLSearchParams;
  email: string;
  onDone: () => void;
}

function InsertBulkScansPanel({ params, email, onDone }: SidePanelProps) {
  const storeId = Number(params.get('store'));
  const receiverId = Number(params.get('receiver'));
  if (!storeId || !receiverId) return <p>Pick a store and a receiver first.</p>;
  return <InsertWeightsForm key={`${storeId}-${receiverId}`} storeId={storeId} receiverId={receiverId} email={email} onDone={onDone} />;
}

function BulkScanPanel({ kind, id }: SidePanelProps) {
  return kind === 'receiver' ? <BulkScanList receiverId={id} /> : <BulkScanList storeId={id} />;
}

/**
 * Side panels over a receiver or store (spec 2.8), one at a time, chosen by the `panel` search parameter
 * (STYLE: "side panels from a registry"). No `panel` means none: the detail itself shows.
 */
export const SIDE_PANELS: Record<OrgSidePanel | 'insert-bulkscans', { title: string; Component: ComponentType<SidePanelProps> }> = {
  'insert-bulkscans': { title: 'Insert bulk scans', Component: InsertBulkScansPanel },
  'donation-reports': { title: 'Donation reports', Component: ({ kind, id }) => <DonationReportsList kind={kind} id={id} /> },
  bulkscan: { title: 'BulkScan', Component: BulkScanPanel },
  posters: { title: 'Store Posters', Component: ({ kind, id }) => <StorePostersPanel kind={kind} id={id} /> },
};

export const isSidePanel = (name: string | null): name is keyof typeof SIDE_PANELS => name !== null && Object.hasOwn(SIDE_PANELS, name);
