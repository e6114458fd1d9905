import { TOAST_TIMEOUT_MS } from '@openrescue/shared';
import { useSyncExternalStore } from 'react';

/** A toast (spec section 3): bottom-left, removable, 10 s unless told otherwise. */
export interface Toast {
  title: string;
  message: string;
  type: 'success' | 'error' | 'info';
  timeout?: number;
}

const COLORS: Record<Toast['type'], string> = { success: 'rescue.7', error: 'red.9', info: 'blue.8' };

// The toast package loads with the first toast (most visits never show one), so no page's first load carries it.
export const loadToasts = () => import('@mantine/notifications');
let shown = false;
const listeners = new Set<() => void>();

/** True once a toast has been asked for: the toast list (ToastHost) mounts from then on. */
export function useToastsShown(): boolean {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => shown,
  );
}

export function notify({ title, message, type, timeout = TOAST_TIMEOUT_MS }: Toast): void {
  if (!shown) {
    shown = true;
    listeners.forEach((l) => l());
  }
  void loadToasts().then(({ notifications }) =>
    notifications.show({ title, message, color: COLORS[type], autoClose: timeout, withCloseButton: true }),
  );
}
