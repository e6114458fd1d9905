import { useSyncExternalStore } from 'react';

/** Demo mode (spec section 1): relabels sections, swaps the theme, hides the logo. Survives reloads. */
export const DEMO_STORAGE_KEY = 'openrescue.demo';

function read(): boolean {
  try {
    return localStorage.getItem(DEMO_STORAGE_KEY) === 'true';
  } catch {
    return false;
  }
}

let demo = read();
const listeners = new Set<() => void>();

export function isDemoMode(): boolean {
  return demo;
}

export function setDemoMode(next: boolean): void {
  if (next === demo) return;
  demo = next;
  try {
    localStorage.setItem(DEMO_STORAGE_KEY, String(next));
  } catch {
    // private browsing: demo mode then lasts until reload
  }
  listeners.forEach((l) => l());
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

const DEMO_FLAGS: Record<string, boolean> = { true: true, '1': true, false: false, '0': false };

/** `?demo=true` or `?demo=1` (and `false` / `0`) on any URL switches the mode; other values change nothing. */
export function applyDemoFlag(search: string): void {
  const flag = DEMO_FLAGS[(new URLSearchParams(search).get('demo') ?? '').trim().toLowerCase()];
  if (flag !== undefined) setDemoMode(flag);
}

export function useDemoMode(): boolean {
  return useSyncExternalStore(subscribe, isDemoMode, isDemoMode);
}
