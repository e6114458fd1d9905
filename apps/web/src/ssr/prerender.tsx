import type { AppConfig } from '@openrescue/shared';
import { renderToString } from 'react-dom/server';
import { StaticRouter } from 'react-router';
import { BaseProviders } from '../app/base-providers';
import { StandaloneLoginPage } from '../app/login/standalone-login-page';
import { OpsShell } from '../app/ops/ops-shell';
import { OPS_SECTIONS } from '../app/ops/ops-sections';
import { NETWORK_SHELL_PATH, NetworkShell } from '../app/public/network-shell';
import { StandaloneCalculatorPage } from '../app/public/standalone-calculator-page';
import { LoadingScreen } from '../components/loading-screen';
import { appConfigQueryOptions } from '../lib/app-config';
import { queryClient } from '../lib/query-client';

export type PrerenderedPage = 'app' | 'login' | 'calculator';

/**
 * The markup of a page for a first visit, for the server to put into the page's #root (built by
 * `vite build --ssr`, loaded by apps/server/src/plugins/web.ts once at start). The browser entry hydrates it when its
 * visit renders the same (src/lib/mount-page.tsx).
 */
export function prerender(page: PrerenderedPage, config: AppConfig): string {
  queryClient.setQueryData(appConfigQueryOptions().queryKey, config);
  const tree =
    page === 'login' ? (
      <StandaloneLoginPage social={null} goTo={() => undefined} />
    ) : page === 'calculator' ? (
      <StandaloneCalculatorPage />
    ) : (
      // The app (index.html) shows its loading screen until its code has run and its data is in; React replaces it.
      <BaseProviders>
        <LoadingScreen />
      </BaseProviders>
    );
  return renderToString(tree);
}

/**
 * The app's page (index.html) with a frame that paints before the app has run, for the server to send for the
 * frame's address and the addresses under it: each console screen with a fixed heading, the console frame with that
 * heading (app/ops/ops-shell.tsx); the public network maps, their banner (app/public/network-shell.tsx).
 */
export function prerenderShells(config: AppConfig): Array<{ path: string; markup: string }> {
  queryClient.setQueryData(appConfigQueryOptions().queryKey, config);
  const opsShells = OPS_SECTIONS.filter((section) => section.intro).map((section) => ({
    path: section.path,
    markup: renderToString(
      <BaseProviders>
        <StaticRouter location={section.path}>
          <OpsShell section={section} communityUrl={config.community_url} />
        </StaticRouter>
      </BaseProviders>,
    ),
  }));
  const networkShell = {
    path: NETWORK_SHELL_PATH,
    markup: renderToString(<BaseProviders><NetworkShell config={config} /></BaseProviders>),
  };
  return [...opsShells, networkShell];
}
