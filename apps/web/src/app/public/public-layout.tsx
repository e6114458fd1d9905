import { AppShell, Group } from '@mantine/core';
import { Outlet } from 'react-router';
import { Logo } from '../../components/logo';
import { useAppConfig } from '../../lib/app-config';
import { useDemoMode } from '../../lib/demo-mode';

/** The plain header of the public pages (spec 2.9); network pages will bring their own banner. */
export function PublicLayout() {
  const { config } = useAppConfig();
  const demo = useDemoMode();
  return (
    <AppShell header={{ height: 60 }} padding={{ base: 'md', sm: 'lg' }}>
      <AppShell.Header>
        <Group h="100%" px="md" data-testid="public-header">
          {demo ? <strong>{config.product_name}</strong> : <Logo name={config.product_name} />}
        </Group>
      </AppShell.Header>
      <AppShell.Main>
        <Outlet />
      </AppShell.Main>
    </AppShell>
  );
}
