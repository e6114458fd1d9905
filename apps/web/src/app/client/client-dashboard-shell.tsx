import { Center, Loader, Stack } from '@mantine/core';
import { PageShell } from '../../components/page-shell';
import { DashboardHeader, type DashboardHeaderProps } from '../../features/dashboard/components/dashboard-header';
import type { AppConfig } from '../../lib/app-config';
import type { SessionUser } from '../../lib/session';
import { ClientFrame } from './client-frame';

/** The address the server sends the client dashboard's first view for (plugins/web.ts on the server). */
export const CLIENT_SHELL_PATH = '/';

export interface ClientDashboardShellProps {
  user: SessionUser;
  config: AppConfig;
  header: Omit<DashboardHeaderProps, 'updating'>;
}

/**
 * The client dashboard as the server sends it to a signed-in company user, before the app has run (decision 0032):
 * the client frame and the dashboard's header with the user's own names, then a loader where the figures go. Laid
 * out as ImpactDashboard lays its header out, so the app takes its place without anything moving
 * (components/page-shell.tsx).
 */
export function ClientDashboardShell({ user, config, header }: ClientDashboardShellProps) {
  return (
    <PageShell path={CLIENT_SHELL_PATH}>
      <ClientFrame user={user} config={config}>
        <Stack gap="lg">
          <DashboardHeader {...header} updating={false} />
          <Center py="xl">
            <Loader />
          </Center>
        </Stack>
      </ClientFrame>
    </PageShell>
  );
}
