import { Component, lazy, type ReactNode, Suspense, useEffect, useState } from 'react';
import { subscribeErrorDialog, type ErrorDialogContent } from '../lib/error-events';
import type { ErrorDialogHostProps } from './error-dialog';

let loading: Promise<typeof import('./error-dialog')> | null = null;
/** One load of the dialog's code; a failed one (offline) may be tried again. */
function loadDialog() {
  loading ??= import('./error-dialog').catch((error: unknown) => {
    loading = null;
    throw error;
  });
  return loading;
}

/** Seconds between tries: a busy server sheds with a Retry-After of 2 s, scripts included. */
const RETRY_SECONDS = [1, 2, 4];

const ErrorDialogHost = lazy(async () => {
  for (let attempt = 0; ; attempt += 1) {
    try {
      return { default: (await loadDialog()).ErrorDialogHost };
    } catch (error) {
      if (attempt >= RETRY_SECONDS.length) throw error;
      await new Promise((resolve) => setTimeout(resolve, RETRY_SECONDS[attempt] * 1000));
    }
  }
});

/**
 * The error reporter must not take the app down: if the dialog's code cannot be loaded after its retries, the error
 * stays in the console and the screen stays as it was (a thrown lazy load here would reach the root route's error
 * page and replace the whole screen).
 */
class DialogLoadBoundary extends Component<{ children: ReactNode }, { failed: boolean }> {
  state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  componentDidCatch(error: unknown) {
    console.error('The error dialog could not be loaded', error);
  }
  render() {
    return this.state.failed ? null : this.props.children;
  }
}

/**
 * Loads the error dialog (a Mantine modal with its scroll area and focus trap) only when the first error arrives or
 * the page is idle, whichever comes first, so a page's first load does not carry it. Errors raised while it loads
 * wait in the error-events queue. Loading it when idle means it is there when the connection is gone: offline, its
 * code could not be fetched and the screen would fail instead of saying "You seem to be offline" (decision 0057).
 * Not on the public map (`preloadWhenIdle` false): its page has a JavaScript budget without the UI kit's chunk the
 * dialog needs (vite-ui-chunk.ts), and it shows its own load errors in place.
 */
export function ErrorDialogGate({
  preloadWhenIdle = true,
  ...props
}: Omit<ErrorDialogHostProps, 'initial'> & { preloadWhenIdle?: boolean }) {
  const [first, setFirst] = useState<ErrorDialogContent | null>(null);
  useEffect(() => {
    if (first) return undefined;
    return subscribeErrorDialog((content) => setFirst((current) => current ?? content));
  }, [first]);
  useEffect(() => {
    if (!preloadWhenIdle) return undefined;
    const preload = () => void loadDialog().catch(() => undefined);
    if (typeof requestIdleCallback === 'function') {
      const id = requestIdleCallback(preload, { timeout: 10_000 });
      return () => cancelIdleCallback(id);
    }
    const timer = setTimeout(preload, 3_000);
    return () => clearTimeout(timer);
  }, [preloadWhenIdle]);
  if (!first) return null;
  return (
    <DialogLoadBoundary>
      <Suspense fallback={null}>
        <ErrorDialogHost {...props} initial={first} />
      </Suspense>
    </DialogLoadBoundary>
  );
}
