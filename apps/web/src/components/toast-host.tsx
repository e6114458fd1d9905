import { TOAST_TIMEOUT_MS } from '@openrescue/shared';
import { lazy, Suspense } from 'react';
import { loadToasts, useToastsShown } from '../lib/toasts';

const Notifications = lazy(async () => ({ default: (await loadToasts()).Notifications }));

/** Where toasts appear (bottom-left, spec section 3); mounted with the first toast. */
export function ToastHost() {
  if (!useToastsShown()) return null;
  return (
    <Suspense fallback={null}>
      <Notifications position="bottom-left" autoClose={TOAST_TIMEOUT_MS} />
    </Suspense>
  );
}
