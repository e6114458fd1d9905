/** Opens the shared error dialog from anywhere (query client, API callers) without importing UI. */
export interface ErrorDialogContent {
  title?: string;
  type?: string;
  message: string;
  detail?: string;
  /**
   * 'load': a failed data load (the query cache's errors), the only kind the ops console offers Log out for (spec
   * section 8); a refused change such as a 409 is not fixed by signing out.
   */
  source?: 'load';
}

type Listener = (content: ErrorDialogContent) => void;

const listeners = new Set<Listener>();
let pending: ErrorDialogContent[] = [];

export function showErrorDialog(content: ErrorDialogContent): void {
  if (listeners.size === 0) {
    pending.push(content); // shown once the dialog host mounts
    return;
  }
  listeners.forEach((l) => l(content));
}

export function subscribeErrorDialog(listener: Listener): () => void {
  listeners.add(listener);
  const queued = pending;
  pending = [];
  queued.forEach(listener);
  return () => listeners.delete(listener);
}
