import { AppShell, Group } from '@mantine/core';
import type { ReactNode } from 'react';
import { Logo } from '../../components/logo';
import { useAppConfig } from '../../lib/app-config';
import { useDemoMode } from '../../lib/demo-mode';

/** The plain header of the public pages (spec 2.9). No router here: the standalone calculator page uses it too. */
export function PublicFrame({ children }: { children: ReactNode }) {
  const { config } = useAppConfig();
  const demo = useDemoMode();
  return (
    <AppShell header={{ height: 60 }} padding={{ base: 'md', sm: 'lg' }}>
      <AppShell.Header>
        <Group h="100%" px="md" data-testid="public-header">
          {demo ? <strong>{config.product_name}</strong> : <Logo name={config.product_name} />}
        </Group>
      </AppShell.Header>
      <AppShell.Main>{children}</AppShell.Main>
    </AppShell>
  );
}
