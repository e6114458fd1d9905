import { AppShell, Box, Center, Group, Loader } from '@mantine/core';
import { LoadingBar } from '../../components/loading-screen';
import { OpsHeaderStart } from './ops-header';
import { opsFrameProps } from './ops-frame';
import { OpsNavbar } from './ops-navbar';
import type { OpsSection } from './ops-sections';
import { SectionHeader } from './section-header';

const nothing = () => undefined;

/**
 * A console screen as the server sends it, before the app has run (apps/web/src/ssr/prerender.tsx): the frame, the
 * menu and the screen's heading, then a loader where the data goes. A slow phone paints it at once instead of a
 * splash. It covers the window and takes no input (inert; screen readers hear the loading status of the app under
 * it instead): the app renders under it, laid out as it will be seen,
 * and it is removed once the app shows more than its loading screen (lib/shell-handoff.ts).
 */
export function OpsShell({ section, communityUrl }: { section: OpsSection; communityUrl: string }) {
  return (
    <Box data-page-shell={section.path} inert aria-hidden="true" pos="fixed" inset={0} bg="var(--mantine-color-body)" style={{ zIndex: 10000, overflow: 'hidden' }}>
      <LoadingBar />
      <AppShell {...opsFrameProps(false)}>
        <AppShell.Header>
          <Group h="100%" px="md" wrap="nowrap">
            <OpsHeaderStart demo={false} navOpened={false} onToggleNav={nothing} />
          </Group>
        </AppShell.Header>
        <AppShell.Navbar component="nav" aria-label="Ops console">
          <OpsNavbar demo={false} communityUrl={communityUrl} onNavigate={nothing} />
        </AppShell.Navbar>
        <AppShell.Main>
          <SectionHeader id={section.id} />
          <Center py="xl"><Loader /></Center>
        </AppShell.Main>
      </AppShell>
    </Box>
  );
}
