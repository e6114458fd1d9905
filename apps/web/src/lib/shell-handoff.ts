import { useLayoutEffect } from 'react';

/**
 * A console screen's page arrives with the console frame pre-rendered in #root (app/ops/ops-shell.tsx), a public
 * map's with its banner (app/public/network-shell.tsx), both in a components/page-shell.tsx. Replacing it with the
 * app's own loading screen and then the screen would flash a splash between two frames, so the app renders into an
 * element beside it instead, under the frame (which covers the window), and the frame goes on the first commit that
 * shows no loading screen: the screen itself, or wherever the app went instead (sign-in, an error).
 * Under it, not hidden: a hidden app would lay its list out at zero size and move it once shown.
 */
let shell: HTMLElement | null = null;
let app: HTMLElement | null = null;
let loadingScreens = 0;

/** A frame made for `shellPath` is for that address and the addresses under it; one made for `/`, for `/` alone. */
export function shellCovers(shellPath: string, pathname: string): boolean {
  const path = pathname.replace(/\/+$/, '');
  if (shellPath === '/') return path === '';
  return path === shellPath || path.startsWith(`${shellPath}/`);
}

/** Where the app renders: #root, or an element beside it while #root shows the pre-rendered frame of this address. */
export function appContainer(root: HTMLElement, { demo }: { demo: boolean }): HTMLElement {
  const frame = root.querySelector<HTMLElement>('[data-page-shell]');
  const forThisPage = frame !== null && shellCovers(frame.dataset.pageShell ?? '', window.location.pathname);
  // Demo mode relabels the frame: better the splash than the wrong names.
  if (!forThisPage || demo) return root;
  shell = root;
  app = document.createElement('div');
  root.after(app);
  return app;
}

function reveal() {
  if (!shell || !app) return;
  shell.remove();
  app.id = 'root';
  shell = app = null;
}

/** After this commit (every layout effect of it has run), if no loading screen is left, the app is shown. */
function revealIfReady() {
  if (shell) queueMicrotask(() => loadingScreens === 0 && reveal());
}

/** A loading screen is on: the pre-rendered frame stays. */
export function useHoldsShell() {
  useLayoutEffect(() => {
    loadingScreens += 1;
    return () => {
      loadingScreens -= 1;
      revealIfReady();
    };
  }, []);
}

/** Every commit of the app's top route: the app may be ready to show. */
export function useRevealWhenReady() {
  useLayoutEffect(revealIfReady);
}
