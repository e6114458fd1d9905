import { AppShell } from '@mantine/core';
import { ModalsProvider } from '@mantine/modals';
import { useDisclosure } from '@mantine/hooks';
import { MOBILE_BREAKPOINT_PX } from '@openrescue/shared';
import { useEffect } from 'react';
import { Outlet, useLocation } from 'react-router';
import { LoadingScreen } from '../../components/loading-screen';
import { JobsDrawer } from '../../features/jobs/components/jobs-drawer';
import { useAppConfig } from '../../lib/app-config';
import { useDemoMode } from '../../lib/demo-mode';
import { useSession } from '../../lib/session-context';
import { useMediaMatch } from '../../lib/use-media-match';
import { opsFrameProps } from './ops-frame';
import { OpsHeader } from './ops-header';
import { OpsNavbar } from './ops-navbar';

const MOBILE_QUERY = `(max-width: ${(MOBILE_BREAKPOINT_PX - 0.1) / 16}em)`;

/**
 * Closes the phone's slide-in menu on each navigation. A component of its own so that the address is read here only:
 * the shell around every console screen does not render again as a row's panel or a filter changes the address.
 */
function CloseOnNavigate({ close }: { close: () => void }) {
  const { pathname } = useLocation();
  useEffect(() => close(), [pathname, close]);
  return null;
}

/** The operations console shell (spec 2.2): header, side menu (a slide-in layer under 768px), content. */
export function OpsLayout() {
  const { user } = useSession();
  const demo = useDemoMode();
  const { config, isPending } = useAppConfig();
  const [navOpened, nav] = useDisclosure(false);
  const [jobsOpened, jobs] = useDisclosure(false);
  const mobile = useMediaMatch(MOBILE_QUERY);

  if (isPending || !user) return <LoadingScreen />;

  // Confirm dialogs (rotate a link, send mails) are console screens only.
  return (
    <ModalsProvider labels={{ confirm: 'Confirm', cancel: 'Cancel' }}>
      <CloseOnNavigate close={nav.close} />
      <AppShell {...opsFrameProps(navOpened)}>
        <AppShell.Header>
          <OpsHeader user={user} demo={demo} navOpened={navOpened} onToggleNav={nav.toggle} onOpenJobs={jobs.open} />
        </AppShell.Header>
        <AppShell.Navbar
          id="ops-navbar"
          component="nav"
          aria-label="Ops console"
          inert={mobile && !navOpened}
          data-testid="sidebar"
        >
          <OpsNavbar demo={demo} communityUrl={config.community_url} onNavigate={nav.close} />
        </AppShell.Navbar>
        <AppShell.Main>
          <Outlet />
        </AppShell.Main>
        <JobsDrawer opened={jobsOpened} onClose={jobs.close} />
      </AppShell>
    </ModalsProvider>
  );
}
