import { TOAST_TIMEOUT_MS } from '@openrescue/shared';
import { lazy, Suspense } from 'react';
import { loadToasts, useToastsShown } from '../lib/toasts';
import classes from './toast-host.module.css';

const Notifications = lazy(async () => ({ default: (await loadToasts()).Notifications }));

/**
 * Where toasts appear (bottom-left, spec section 3, right of the console's side menu); mounted with the first toast.
 * At most three show at once, the rest wait their turn, so a burst never climbs over the screen.
 */
export function ToastHost() {
  if (!useToastsShown()) return null;
  return (
    <Suspense fallback={null}>
      <Notifications
        position="bottom-left"
        autoClose={TOAST_TIMEOUT_MS}
        limit={3}
        classNames={{ root: classes.root }}
      />
    </Suspense>
  );
}
