import { MantineProvider } from '@mantine/core';
import { QueryClientProvider } from '@tanstack/react-query';
import { useMemo, type ReactNode } from 'react';
import { useDemoMode } from '../lib/demo-mode';
import { queryClient } from '../lib/query-client';
import { createAppTheme, cssVariablesResolver } from '../lib/theme';

/** What every page needs, including the standalone calculator: the theme (swapped in demo mode) and the server-state cache. */
export function BaseProviders({ children }: { children: ReactNode }) {
  const demo = useDemoMode();
  const theme = useMemo(() => createAppTheme(demo), [demo]);
  return (
    <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver} defaultColorScheme="light">
      <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
    </MantineProvider>
  );
}
