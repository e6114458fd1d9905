import { AppShell, Center, Group, Loader } from '@mantine/core';
import { PageShell } from '../../components/page-shell';
import { OpsHeaderStart } from './ops-header';
import { opsFrameProps } from './ops-frame';
import { OpsNavbar } from './ops-navbar';
import type { OpsSection } from './ops-sections';
import { SectionHeader } from './section-header';

const nothing = () => undefined;

/**
 * A console screen as the server sends it, before the app has run (apps/web/src/ssr/prerender.tsx): the frame, the
 * menu and the screen's heading, then a loader where the data goes. A slow phone paints it at once instead of a
 * splash; the app renders under it, laid out as it will be seen, and takes its place (components/page-shell.tsx).
 */
export function OpsShell({ section, communityUrl }: { section: OpsSection; communityUrl: string }) {
  return (
    <PageShell path={section.path}>
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
          <Center py="xl">
            <Loader />
          </Center>
        </AppShell.Main>
      </AppShell>
    </PageShell>
  );
}
