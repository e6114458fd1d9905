import { useSyncExternalStore } from 'react';

/** Where a live collection stands: its documents, whether the first full load arrived, and a lost stream. */
export interface LiveSnapshot<T> {
  docs: T[];
  ready: boolean;
  error: boolean;
}

export type LiveEventType = 'added' | 'modified';

/**
 * Spec 4 "Live jobs": an added document is appended, a modified one replaces the entry with the same key.
 * (An `added` for a key already held replaces it too, so a replayed event never duplicates a row.)
 */
export function applyLiveEvent<T>(docs: readonly T[], doc: T, keyOf: (doc: T) => unknown): T[] {
  const key = keyOf(doc);
  const at = docs.findIndex((d) => keyOf(d) === key);
  return at === -1 ? [...docs, doc] : docs.map((d, i) => (i === at ? doc : d));
}

const RETRY_MS = 5_000;

/**
 * One server-sent-events subscription per collection, shared by every component that shows it: it connects with
 * the first subscriber and closes with the last. After each (re)connect the server sends every current document
 * and then `ready`; until then the previous documents stay on screen.
 */
class LiveCollection<T> {
  private snapshot: LiveSnapshot<T> = { docs: [], ready: false, error: false };
  private listeners = new Set<() => void>();
  private source: EventSource | null = null;
  private pending: T[] | null = null;
  private retry: ReturnType<typeof setTimeout> | undefined;

  constructor(
    private readonly url: string,
    private readonly keyOf: (doc: T) => unknown,
  ) {}

  subscribe = (listener: () => void) => {
    this.listeners.add(listener);
    if (this.listeners.size === 1) this.connect();
    return () => {
      this.listeners.delete(listener);
      if (this.listeners.size === 0) this.disconnect();
    };
  };

  getSnapshot = () => this.snapshot;

  private set(next: Partial<LiveSnapshot<T>>) {
    this.snapshot = { ...this.snapshot, ...next };
    for (const listener of this.listeners) listener();
  }

  private connect() {
    if (typeof EventSource === 'undefined') return;
    const source = new EventSource(this.url, { withCredentials: true });
    this.source = source;
    source.onopen = () => {
      this.pending = [];
    };
    const onDoc = (event: MessageEvent<string>) => {
      const doc = JSON.parse(event.data) as T;
      if (this.pending) this.pending = applyLiveEvent(this.pending, doc, this.keyOf);
      else this.set({ docs: applyLiveEvent(this.snapshot.docs, doc, this.keyOf) });
    };
    const events: LiveEventType[] = ['added', 'modified'];
    for (const type of events) source.addEventListener(type, onDoc);
    source.addEventListener('ready', () => {
      const docs = this.pending ?? this.snapshot.docs;
      this.pending = null;
      this.set({ docs, ready: true, error: false });
    });
    source.onerror = () => {
      // A lost stream is shown as such until the next `ready`. The browser retries a dropped stream by itself; a
      // refused one (401, 403, not an event stream) is closed, and retried here.
      this.set({ error: true });
      if (source.readyState === EventSource.CLOSED) {
        this.source = null;
        this.retry = setTimeout(() => this.listeners.size > 0 && this.connect(), RETRY_MS);
      }
    };
  }

  private disconnect() {
    clearTimeout(this.retry);
    this.source?.close();
    this.source = null;
    this.pending = null;
    this.snapshot = { docs: this.snapshot.docs, ready: false, error: false };
  }
}

const collections = new Map<string, LiveCollection<unknown>>();

/** The live documents of `url` (an SSE endpoint with added / modified / ready events), keyed by `keyOf`. */
export function useLiveCollection<T>(url: string, keyOf: (doc: T) => unknown, enabled = true): LiveSnapshot<T> {
  let collection = collections.get(url) as LiveCollection<T> | undefined;
  if (!collection) {
    collection = new LiveCollection<T>(url, keyOf);
    collections.set(url, collection as LiveCollection<unknown>);
  }
  const live = collection;
  return useSyncExternalStore(
    enabled ? live.subscribe : noSubscribe,
    enabled ? live.getSnapshot : emptySnapshot,
    emptySnapshot,
  );
}

const EMPTY: LiveSnapshot<never> = { docs: [], ready: false, error: false };
const emptySnapshot = () => EMPTY;
const noSubscribe = () => () => {};
