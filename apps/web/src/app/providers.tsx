import { MantineProvider } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import { TOAST_TIMEOUT_MS } from '@openrescue/shared';
import { QueryClientProvider } from '@tanstack/react-query';
import { useMemo, type ReactNode } from 'react';
import { useDemoMode } from '../lib/demo-mode';
import { queryClient } from '../lib/query-client';
import { SessionProvider } from '../lib/session-context';
import { createAppTheme, cssVariablesResolver } from '../lib/theme';

/** Theme (swapped in demo mode), server-state cache, session and toasts (confirm modals: the ops layout). */
export function AppProviders({ children }: { children: ReactNode }) {
  const demo = useDemoMode();
  const theme = useMemo(() => createAppTheme(demo), [demo]);
  return (
    <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver} defaultColorScheme="light">
      <QueryClientProvider client={queryClient}>
        <SessionProvider>
          <Notifications position="bottom-left" autoClose={TOAST_TIMEOUT_MS} />
          {children}
        </SessionProvider>
      </QueryClientProvider>
    </MantineProvider>
  );
}
