import { Button, Stack } from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import { AuditHistory } from '../../features/audit/components/audit-history';
import { OrgDetail } from '../../features/detail-panels/components/org-detail';
import type { SidePanelName } from './side-panel-titles';
import { SIDE_PANELS } from './side-panels';

/** What the Receivers/Stores drawer shows for a row: its side panel when one is named, else its details. */
export function OrgDrawerBody({
  kind,
  id,
  side,
  params,
  email,
  staff,
  onOpenPanel,
  onCloseSide,
}: {
  kind: 'receiver' | 'store';
  id: string;
  side: SidePanelName | undefined;
  params: URLSearchParams;
  email: string;
  staff: boolean;
  onOpenPanel: (name: string, extra?: Record<string, string>) => void;
  onCloseSide: () => void;
}) {
  if (!side) {
    return (
      <Stack gap="lg">
        <OrgDetail
          kind={kind}
          id={id}
          staff={staff}
          onOpenPanel={(name) => onOpenPanel(name)}
          onInsertWeight={(storeId, receiverId) =>
            onOpenPanel('insert-bulkscans', { store: String(storeId), receiver: String(receiverId) })
          }
        />
        {staff && <AuditHistory objectType={kind} objectId={id} />}
      </Stack>
    );
  }
  const Panel = SIDE_PANELS[side];
  return (
    <Stack gap="md">
      <Button
        variant="subtle"
        size="compact-sm"
        w="fit-content"
        leftSection={<IconArrowLeft size={14} aria-hidden="true" />}
        onClick={onCloseSide}
      >
        Back to details
      </Button>
      <Panel kind={kind} id={id} params={params} email={email} onDone={onCloseSide} />
    </Stack>
  );
}
