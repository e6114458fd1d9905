import { Center, Loader, Stack, Text } from '@mantine/core';
import { lazy, Suspense, useEffect } from 'react';
import { paths } from '../../config/paths';
import { DetailDrawer } from '../../features/ops-lists/components/detail-drawer';
import { ReceiversList } from '../../features/ops-lists/components/receivers-list';
import { StoresList } from '../../features/ops-lists/components/stores-list';
import { useListUrl } from '../../features/ops-lists/hooks/use-list-url';
import { useSession } from '../../lib/session-context';
import { isSidePanel, SIDE_PANEL_TITLES } from './side-panel-titles';
import { SectionHeader } from './section-header';

// The drawer's body (details, side panels, their forms and date pickers) is its own chunk: the list paints without
// it on a slow phone. It is fetched when the browser is idle or a pointer comes over the list, and once here it renders
// directly: a lazy component would suspend on its first render anyway, and React holds a revealed fallback ~300 ms.
type DrawerBodyModule = typeof import('./org-drawer-body');
let drawerBody: DrawerBodyModule | undefined;
const loadDrawerBody = () => import('./org-drawer-body').then((module) => (drawerBody = module));
const LazyDrawerBody = lazy(async () => ({ default: (await loadDrawerBody()).OrgDrawerBody }));

function usePrefetchWhenIdle(load: () => Promise<unknown>) {
  useEffect(() => {
    if (typeof requestIdleCallback === 'undefined') {
      const timer = setTimeout(() => void load(), 1000);
      return () => clearTimeout(timer);
    }
    const handle = requestIdleCallback(() => void load(), { timeout: 4000 });
    return () => cancelIdleCallback(handle);
  }, [load]);
}

/** Receivers or Stores: the list, its detail panel at `/{id}` and the side panel named by `?panel=`. */
export function OrgListScreen({ kind }: { kind: 'receiver' | 'store' }) {
  const { user } = useSession();
  const basePath = kind === 'receiver' ? paths.ops.receivers : paths.ops.stores;
  const { id, params, panel, closePanel, openSidePanel, closeSidePanel } = useListUrl(basePath);
  const side = isSidePanel(panel) ? panel : undefined;
  usePrefetchWhenIdle(loadDrawerBody);
  const bodyProps = {
    kind,
    id: id ?? '',
    side,
    params,
    email: user?.email ?? '',
    staff: Boolean(user?.staff),
    onOpenPanel: openSidePanel,
    onCloseSide: closeSidePanel,
  };

  return (
    <Stack gap={0} onPointerEnter={() => void loadDrawerBody()} onFocus={() => void loadDrawerBody()}>
      <SectionHeader id={kind === 'receiver' ? 'receivers' : 'stores'} />
      {kind === 'receiver' ? <ReceiversList basePath={basePath} /> : <StoresList basePath={basePath} />}
      <DetailDrawer
        opened={Boolean(id)}
        onClose={side ? closeSidePanel : closePanel}
        title={side ? SIDE_PANEL_TITLES[side] : `${kind === 'receiver' ? 'Receiver' : 'Store'} details`}
      >
        {id ? (
          <Suspense
            fallback={
              <Center py="xl">
                <Loader size="sm" role="status" aria-label="Loading details" />
              </Center>
            }
          >
            {drawerBody ? <drawerBody.OrgDrawerBody {...bodyProps} /> : <LazyDrawerBody {...bodyProps} />}
          </Suspense>
        ) : (
          <Text c="dimmed">Nothing selected.</Text>
        )}
      </DetailDrawer>
    </Stack>
  );
}
