import { Button, Stack, Text } from '@mantine/core';
import { sectionLabel } from '@openrescue/shared';
import { IconArrowLeft } from '@tabler/icons-react';
import { PageHeader } from '../../components/page-header';
import { paths } from '../../config/paths';
import { OrgDetail } from '../../features/detail-panels/components/org-detail';
import { DetailDrawer } from '../../features/ops-lists/components/detail-drawer';
import { ReceiversList } from '../../features/ops-lists/components/receivers-list';
import { StoresList } from '../../features/ops-lists/components/stores-list';
import { useListUrl } from '../../features/ops-lists/hooks/use-list-url';
import { useDemoMode } from '../../lib/demo-mode';
import { useSession } from '../../lib/session-context';
import { isSidePanel, SIDE_PANELS } from './side-panels';

/** Receivers or Stores: the list, its detail panel at `/{id}` and the side panel named by `?panel=`. */
export function OrgListScreen({ kind }: { kind: 'receiver' | 'store' }) {
  const demo = useDemoMode();
  const { user } = useSession();
  const basePath = kind === 'receiver' ? paths.ops.receivers : paths.ops.stores;
  const { id, params, panel, closePanel, openSidePanel, closeSidePanel } = useListUrl(basePath);
  const side = isSidePanel(panel) ? SIDE_PANELS[panel] : undefined;
  const title = sectionLabel(kind === 'receiver' ? 'receivers' : 'stores', demo);

  return (
    <Stack gap={0}>
      <PageHeader
        title={title}
        description={kind === 'receiver' ? 'Charities and farms that receive food. Open one for its stores, links and scans.' : 'Donating stores. Open one for its receivers, links and scans.'}
      />
      {kind === 'receiver' ? <ReceiversList basePath={basePath} /> : <StoresList basePath={basePath} />}
      <DetailDrawer opened={Boolean(id)} onClose={side ? closeSidePanel : closePanel} title={side ? side.title : `${kind === 'receiver' ? 'Receiver' : 'Store'} details`}>
        {id && side ? (
          <Stack gap="md">
            <Button variant="subtle" size="compact-sm" w="fit-content" leftSection={<IconArrowLeft size={14} aria-hidden="true" />} onClick={closeSidePanel}>
              Back to details
            </Button>
            <side.Component kind={kind} id={id} params={params} email={user?.email ?? ''} onDone={closeSidePanel} />
          </Stack>
        ) : id ? (
          <OrgDetail
            kind={kind}
            id={id}
            staff={Boolean(user?.staff)}
            onOpenPanel={(name) => openSidePanel(name)}
            onInsertWeight={(storeId, receiverId) => openSidePanel('insert-bulkscans', { store: String(storeId), receiver: String(receiverId) })}
          />
        ) : (
          <Text c="dimmed">Nothing selected.</Text>
        )}
      </DetailDrawer>
    </Stack>
  );
}
