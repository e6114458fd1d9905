import {
  type AppConfig,
  FIRST_VIEW_DISPLAY_NAME,
  FIRST_VIEW_MARKS,
  FIRST_VIEW_VARIANTS,
  type FirstViewVariant,
} from '@openrescue/shared';
import { renderToString } from 'react-dom/server';
import { StaticRouter } from 'react-router';
import { BaseProviders } from '../app/base-providers';
import { CLIENT_SHELL_PATH, ClientDashboardShell } from '../app/client/client-dashboard-shell';
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
    markup: renderToString(
      <BaseProviders>
        <NetworkShell config={config} />
      </BaseProviders>,
    ),
  };
  return [...opsShells, networkShell];
}

/**
 * The client dashboard's first view (app/client/client-dashboard-shell.tsx) as templates, one per variant, with
 * FIRST_VIEW_MARKS where the user's values go: the server fills one in for each signed-in visit of `/`.
 */
export function prerenderClientShells(config: AppConfig): Array<{ variant: FirstViewVariant; markup: string }> {
  queryClient.setQueryData(appConfigQueryOptions().queryKey, config);
  return FIRST_VIEW_VARIANTS.map((variant) => {
    const [links, picture] = variant.split('-');
    const user = {
      id: '',
      email: FIRST_VIEW_MARKS.email,
      displayName: FIRST_VIEW_DISPLAY_NAME,
      emailVerified: true,
      photoURL: picture === 'photo' ? FIRST_VIEW_MARKS.photoURL : null,
      staff: false,
    };
    const header = {
      title: FIRST_VIEW_MARKS.title,
      range: FIRST_VIEW_MARKS.range,
      // A mark in the links' addresses where the store's id goes.
      storeId: links === 'store' ? (FIRST_VIEW_MARKS.storeId as unknown as number) : undefined,
      flwUrl: links === 'flw' ? config.flw_url : undefined,
    };
    const markup = renderToString(
      <BaseProviders>
        <StaticRouter location={CLIENT_SHELL_PATH}>
          <ClientDashboardShell user={user} config={config} header={header} />
        </StaticRouter>
      </BaseProviders>,
    );
    return { variant, markup };
  });
}
