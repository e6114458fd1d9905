import { lazy, Suspense, useEffect, useState } from 'react';
import { subscribeErrorDialog, type ErrorDialogContent } from '../lib/error-events';
import type { ErrorDialogHostProps } from './error-dialog';

const ErrorDialogHost = lazy(async () => ({ default: (await import('./error-dialog')).ErrorDialogHost }));

/**
 * Loads the error dialog (a Mantine modal with its scroll area and focus trap) only when the first error arrives,
 * so a page's first load does not carry it. Errors raised while it loads wait in the error-events queue.
 */
export function ErrorDialogGate(props: Omit<ErrorDialogHostProps, 'initial'>) {
  const [first, setFirst] = useState<ErrorDialogContent | null>(null);
  useEffect(() => {
    if (first) return undefined;
    return subscribeErrorDialog((content) => setFirst((current) => current ?? content));
  }, [first]);
  if (!first) return null;
  return (
    <Suspense fallback={null}>
      <ErrorDialogHost {...props} initial={first} />
    </Suspense>
  );
}
