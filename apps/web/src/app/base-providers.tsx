import { MantineProvider } from '@mantine/core';
import { QueryClientProvider } from '@tanstack/react-query';
import { useMemo, type ReactNode } from 'react';
import { OfflineBanner } from '../components/offline-banner';
import { useDemoMode } from '../lib/demo-mode';
import { queryClient } from '../lib/query-client';
import { createAppTheme, cssVariablesResolver } from '../lib/theme';

/**
 * What every page needs, including the standalone sign-in and calculator pages: the theme (swapped in demo mode), the
 * server-state cache and the offline banner.
 */
export function BaseProviders({ children }: { children: ReactNode }) {
  const demo = useDemoMode();
  const theme = useMemo(() => createAppTheme(demo), [demo]);
  return (
    // The theme's variables and global classes come with each page's stylesheet (lib/theme-css.tsx): MantineProvider
    // would work them out and add them as a <style> element as each page mounts, which restyles the whole page. Demo
    // mode's colours still come from MantineProvider, over the stylesheet's.
    <MantineProvider
      theme={theme}
      cssVariablesResolver={cssVariablesResolver}
      defaultColorScheme="light"
      withCssVariables={demo}
      withGlobalClasses={false}
    >
      <QueryClientProvider client={queryClient}>
        <OfflineBanner />
        {children}
      </QueryClientProvider>
    </MantineProvider>
  );
}
