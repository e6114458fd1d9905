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
  // The dialog's chunks import the transcripts screen's chunk (a cycle through the UI kit's chunk, vite-ui-chunk.ts):
  // loaded beside that screen's own first load, a component came out undefined (React error 130) and the screen
  // fell to the route's error page. Until the cycle is broken, that screen does not preload the dialog.
  const onTranscripts = pathname.startsWith(paths.ops.transcripts);
  return (
    <>
      <Outlet />
      <ErrorDialogGate
        supportEmail={config.support_email}
        preloadWhenIdle={!onPublicMap && !onTranscripts}
        offerLogout={inOps && user !== null}
        onLogout={() => void signOut()}
        onLogin={() => void signOut()}
      />
      <ScrollRestoration />
    </>
  );
}
