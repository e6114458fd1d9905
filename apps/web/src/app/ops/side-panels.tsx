import type { ComponentType } from 'react';
import { StorePostersPanel } from '../../features/detail-panels/components/store-posters-panel';
import { DonationReportsList } from '../../features/monthly-report/components/donation-reports-list';
import { BulkScanList } from '../../features/ops-lists/components/bulkscan-list';
import { InsertWeightsForm } from '../../features/weight-entry/components/insert-weights-form';
import type { SidePanelName } from './side-panel-titles';

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
  return (
    <InsertWeightsForm
      key={`${storeId}-${receiverId}`}
      storeId={storeId}
      receiverId={receiverId}
      email={email}
      onDone={onDone}
    />
  );
}

function BulkScanPanel({ kind, id }: SidePanelProps) {
  return kind === 'receiver' ? <BulkScanList receiverId={id} /> : <BulkScanList storeId={id} />;
}

/**
 * Side panels over a receiver or store (spec 2.8), one at a time, chosen by the `panel` search parameter
 * (STYLE: "side panels from a registry"). No `panel` means none: the detail itself shows.
 */
export const SIDE_PANELS: Record<SidePanelName, ComponentType<SidePanelProps>> = {
  'insert-bulkscans': InsertBulkScansPanel,
  'donation-reports': ({ kind, id }) => <DonationReportsList kind={kind} id={id} />,
  bulkscan: BulkScanPanel,
  posters: ({ kind, id }) => <StorePostersPanel kind={kind} id={id} />,
};
