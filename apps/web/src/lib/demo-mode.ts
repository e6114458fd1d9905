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

/** `?demo=true` / `?demo=false` on any URL switches the mode. */
export function applyDemoFlag(search: string): void {
  const flag = new URLSearchParams(search).get('demo');
  if (flag === 'true' || flag === 'false') setDemoMode(flag === 'true');
}

export function useDemoMode(): boolean {
  return useSyncExternalStore(subscribe, isDemoMode, isDemoMode);
}
