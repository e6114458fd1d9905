import { StrictMode, startTransition, type ReactNode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';

/**
 * Mounts a standalone page. The server sends login.html and calculator.html pre-rendered for a first visit (default
 * theme, nobody signed in), so they paint before any script runs; `prerendered` says whether this visit renders
 * the same as that HTML. If so React adopts the markup (hydration); if not, the markup is replaced.
 */
export function mountPage(root: HTMLElement, page: ReactNode, prerendered: boolean): void {
  const element = <StrictMode>{page}</StrictMode>;
  if (prerendered && root.firstElementChild) {
    // As a transition, React hydrates in slices that give way to the browser (and to input) every few milliseconds,
    // rather than in one long task: the page is already on screen, so nothing waits for it to finish.
    startTransition(() => {
      hydrateRoot(root, element);
    });
    return;
  }
  root.replaceChildren();
  createRoot(root).render(element);
}
