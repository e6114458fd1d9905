import { useEffect } from 'react';
import { Outlet, ScrollRestoration, useLocation } from 'react-router';
import { ErrorDialogGate } from '../components/error-dialog-gate';
import { paths } from '../config/paths';
import { useAppConfig } from '../lib/app-config';
import { applyDemoFlag } from '../lib/demo-mode';
import { useSession } from '../lib/session-context';
import { signOut } from '../lib/session-api';
import { useRevealWhenReady } from '../lib/shell-handoff';

/** Wraps every route: demo flag, page views, the shared error dialog. */
export function RootLayout() {
  const { pathname, search } = useLocation();
  const { user } = useSession();
  const { config } = useAppConfig();

  useEffect(() => applyDemoFlag(search), [search]);
  useRevealWhenReady();

  const inOps = pathname.startsWith(paths.ops.root);
  const onPublicMap = pathname.startsWith(`${paths.public.root}/network/`);
  return (
    <>
      <Outlet />
      <ErrorDialogGate
        supportEmail={config.support_email}
        preloadWhenIdle={!onPublicMap}
        offerLogout={inOps && user !== null}
        onLogout={() => void signOut()}
        onLogin={() => void signOut()}
      />
      <ScrollRestoration />
    </>
  );
}
