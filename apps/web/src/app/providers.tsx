import type { ReactNode } from 'react';
import { ToastHost } from '../components/toast-host';
import { SessionProvider } from '../lib/session-context';
import { BaseProviders } from './base-providers';

/** Theme, server-state cache, session and toasts (confirm modals: the ops layout). */
export function AppProviders({ children }: { children: ReactNode }) {
  return (
    <BaseProviders>
      <SessionProvider>
        <ToastHost />
        {children}
      </SessionProvider>
    </BaseProviders>
  );
}
