import { Box } from '@mantine/core';
import type { ReactNode } from 'react';
import { LoadingBar } from './loading-screen';

/**
 * A page as the server sends it before the app has run (ssr/prerender.tsx), for `path` and the addresses under it:
 * it covers the window and takes no input (inert; screen readers hear the loading status of the app under it
 * instead) until the app shows more than its loading screen (lib/shell-handoff.ts finds it by `data-page-shell`).
 */
export function PageShell({ path, children }: { path: string; children: ReactNode }) {
  return (
    <Box
      data-page-shell={path}
      inert
      aria-hidden="true"
      pos="fixed"
      inset={0}
      bg="var(--mantine-color-body)"
      style={{ zIndex: 10000, overflow: 'hidden' }}
    >
      <LoadingBar />
      {children}
    </Box>
  );
}
