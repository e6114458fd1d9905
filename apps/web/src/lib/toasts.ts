import { notifications } from '@mantine/notifications';
import { TOAST_TIMEOUT_MS } from '@openrescue/shared';

/** A toast (spec section 3): bottom-left, removable, 10 s unless told otherwise. */
export interface Toast {
  title: string;
  message: string;
  type: 'success' | 'error' | 'info';
  timeout?: number;
}

const COLORS: Record<Toast['type'], string> = { success: 'rescue.7', error: 'red.9', info: 'blue.8' };

export function notify({ title, message, type, timeout = TOAST_TIMEOUT_MS }: Toast): string {
  return notifications.show({
    title,
    message,
    color: COLORS[type],
    autoClose: timeout,
    withCloseButton: true,
  });
}
