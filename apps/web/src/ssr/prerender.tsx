import type { AppConfig } from '@openrescue/shared';
import { renderToString } from 'react-dom/server';
import { StandaloneLoginPage } from '../app/login/standalone-login-page';
import { StandaloneCalculatorPage } from '../app/public/standalone-calculator-page';
import { appConfigQueryOptions } from '../lib/app-config';
import { queryClient } from '../lib/query-client';

export type PrerenderedPage = 'login' | 'calculator';

/**
 * The markup of a standalone page for a first visit, for the server to put into the page's #root (built by
 * `vite build --ssr`, loaded by apps/server/src/plugins/web.ts once at start). The browser entry hydrates it when its
 * visit renders the same (src/lib/mount-page.tsx).
 */
export function prerender(page: PrerenderedPage, config: AppConfig): string {
  queryClient.setQueryData(appConfigQueryOptions().queryKey, config);
  const tree = page === 'login' ? <StandaloneLoginPage social={null} goTo={() => undefined} /> : <StandaloneCalculatorPage />;
  return renderToString(tree);
}
