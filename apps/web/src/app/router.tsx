import { createBrowserRouter, type LoaderFunction, type RouteObject } from 'react-router';
import { LoadingScreen } from '../components/loading-screen';
import { companyUserQueryOptions } from '../features/client-access/api/get-company-user';
import { companiesQueryOptions } from '../features/dashboard/api/get-companies';
import { storesQueryOptions } from '../features/dashboard/api/get-stores';
import { loadMapEarly, loadPublicMapEarly } from '../features/network-map/lib/load-map-early';
import { storesListQueryOptions } from '../features/ops-lists/api/get-stores';
import { readSort, sortQuery, STORE_SORT } from '../features/ops-lists/lib/sort-options';
import { inOwnTask } from '../lib/own-task';
import { queryClient } from '../lib/query-client';
import { getSession, type SessionUser } from '../lib/session';
import { restoreSession } from '../lib/session-api';
import { paths, routePatterns } from '../config/paths';
import { RequireSession, RequireStaff } from './guards';
import { OPS_SECTIONS, type OpsSectionId } from './ops/ops-sections';
import { RootLayout } from './root-layout';
import { RouteError } from './route-error';

// Each area is its own chunk; the module's named export becomes the route component.
const lazyLogin = async () => ({ Component: (await import('./login/login-route')).LoginRoute });
const lazyOpsLayout = async () => ({ Component: (await import('./ops/ops-layout')).OpsLayout });
const lazyOpsLanding = async () => ({ Component: (await import('./ops/landing-route')).OpsLandingRoute });
const lazyNotFound = async () => ({ Component: (await import('./not-found-route')).NotFoundRoute });
const lazyOpsNotFound = async () => ({ Component: (await import('./ops/ops-not-found-route')).OpsNotFoundRoute });
const lazyClientHome = async () => ({ Component: (await import('./client/client-home-route')).ClientHomeRoute });
const lazyClientDashboard = async () => ({
  Component: (await import('./client/client-dashboard-route')).ClientDashboardRoute,
});
const lazyOpsDashboard = async () => ({ Component: (await import('./ops/dashboard-route')).OpsDashboardRoute });
const lazyReceivers = async () => ({ Component: (await import('./ops/receivers-route')).ReceiversRoute });
const lazyStores = async () => ({ Component: (await import('./ops/stores-route')).StoresRoute });
const lazyNoPickups = async () => ({ Component: (await import('./ops/no-pickups-route')).NoPickupsRoute });
const lazyStipend = async () => ({ Component: (await import('./ops/stipend-route')).StipendRoute });
const lazyMailable = async () => ({ Component: (await import('./ops/mailable-route')).MailableRoute });
const lazyPublish = async () => ({ Component: (await import('./ops/publish-route')).PublishRoute });
const lazyGenerated = async () => ({ Component: (await import('./ops/generated-route')).GeneratedRoute });
const lazyStoreReport = async () => ({ Component: (await import('./client/store-report-route')).StoreReportRoute });
const lazyReceiverReport = async () => ({
  Component: (await import('./client/receiver-report-route')).ReceiverReportRoute,
});
const lazyStorePoster = async () => ({ Component: (await import('./client/store-poster-route')).StorePosterRoute });
const lazyAboutNumbers = async () => ({ Component: (await import('./public/about-numbers-route')).AboutNumbersRoute });
const lazyPublicLayout = async () => ({ Component: (await import('./public/public-layout')).PublicLayout });
const lazyWrongUrl = async () => ({ Component: (await import('./public/wrong-url-route')).WrongUrlRoute });
const lazyCalculator = async () => ({ Component: (await import('./public/calculator-route')).SalesCalculatorRoute });
const lazyPublicReport = async () => ({ Component: (await import('./public/public-report-route')).PublicReportRoute });
const lazyPublicPoster = async () => ({ Component: (await import('./public/public-poster-route')).PublicPosterRoute });
const lazyUnsubscribe = async () => ({ Component: (await import('./public/unsubscribe-route')).UnsubscribeRoute });
const lazyInvitation = async () => ({
  Component: (await import('./public/invitation-route')).InvitationRoute,
});
const lazyPublicNetwork = async () => ({
  Component: (await import('./public/public-network-route')).PublicNetworkRoute,
});
const lazyTranscripts = async () => ({ Component: (await import('./ops/transcripts-route')).TranscriptsRoute });
const lazyLogs = async () => ({ Component: (await import('./ops/logs-route')).LogsRoute });
const lazyFlows = async () => ({ Component: (await import('./ops/flows-route')).FlowsRoute });
const lazyAudit = async () => ({ Component: (await import('./ops/audit-route')).AuditRoute });
const lazyOpsNetwork = async () => ({ Component: (await import('./ops/network-route')).OpsNetworkRoute });

/** Each console section's screen: a section without one does not compile. */
const OPS_SCREENS: Record<OpsSectionId, RouteObject['lazy']> = {
  dashboard: lazyOpsDashboard,
  receivers: lazyReceivers,
  stores: lazyStores,
  noPickups: lazyNoPickups,
  stipendReport: lazyStipend,
  mailable: lazyMailable,
  publish: lazyPublish,
  generated: lazyGenerated,
  network: lazyOpsNetwork,
  transcripts: lazyTranscripts,
  logs: lazyLogs,
  flows: lazyFlows,
  audit: lazyAudit,
};

/** Screens whose address takes an optional `/{id}` that opens the row's detail panel (spec 2.7). */
const OPS_ROUTE_PATTERNS: Record<string, string> = {
  receivers: routePatterns.receivers.replace(`${paths.ops.root}/`, ''),
  stores: routePatterns.stores.replace(`${paths.ops.root}/`, ''),
  noPickups: routePatterns.noPickups.replace(`${paths.ops.root}/`, ''),
  stipendReport: routePatterns.stipendReport.replace(`${paths.ops.root}/`, ''),
  mailable: routePatterns.mailable.replace(`${paths.ops.root}/`, ''),
  transcripts: routePatterns.transcripts.replace(`${paths.ops.root}/`, ''),
};

/**
 * Calls `then` with the tab's user once it has its token (a new tab restores it from the session cookie), if any, from
 * a task of its own: not in the router's first navigation, which is long enough on a slow phone.
 */
function withSignedInUser(then: (user: SessionUser) => void): void {
  void (getSession() ? Promise.resolve() : restoreSession()).then(() =>
    inOwnTask(async () => {
      const user = getSession()?.user;
      if (user) then(user);
    }),
  );
}

/**
 * The Stores list is asked for as soon as the tab has its token, while the screen's code is still loading, instead
 * of once the screen has rendered: the same query the list uses, so the list finds it under way or done. Returns at
 * once: the screen never waits for it.
 */
const prefetchStoresList: LoaderFunction = ({ request }) => {
  const params = new URL(request.url).searchParams;
  const search = params.get('search') || undefined;
  const order = sortQuery(readSort(params, STORE_SORT), STORE_SORT);
  withSignedInUser((user) => {
    if (user.staff) void queryClient.prefetchInfiniteQuery(storesListQueryOptions({ search, ...order }));
  });
  return null;
};

/**
 * The client dashboard's first requests, asked for with the tab's token while the screen's code is loading: the
 * account record and the store and company lists it names its scope from (decision 0031). None depends on another's
 * answer. `staff` says who sees the dashboard at this address: clients at `/`, staff at /as_client.
 */
const prefetchClientDashboard =
  (staff: boolean): LoaderFunction =>
  () => {
    withSignedInUser((user) => {
      if (user.staff !== staff) return;
      // Quietly: the screen asks again on mount for what failed here, and reports it itself (not every account gets
      // the lists: one without a company user record sees no dashboard).
      // Each from a task of its own: building and sending a request is a few ms on a slow phone, three of them a long task.
      const quiet = { meta: { errorDialog: false } };
      void queryClient.prefetchQuery({ ...companyUserQueryOptions(), ...quiet });
      void inOwnTask(() => queryClient.prefetchQuery({ ...storesQueryOptions(), ...quiet }));
      void inOwnTask(() => queryClient.prefetchQuery({ ...companiesQueryOptions(), ...quiet }));
    });
    return null;
  };

/** The staff map: MapLibre and its worker load while the screen's code does. */
const startMapCode: LoaderFunction = () => {
  loadMapEarly();
  return null;
};

/** A public region's map: the region, then MapLibre and its worker, while the page's code loads. */
const startPublicMap: LoaderFunction = ({ params }) => {
  loadPublicMapEarly(queryClient, params.region ?? '', params.secret ?? '');
  return null;
};

/** Screens whose data is asked for before their code has loaded. */
const OPS_LOADERS: Record<string, LoaderFunction> = { stores: prefetchStoresList, network: startMapCode };

const opsChildren: RouteObject[] = [
  { index: true, lazy: lazyOpsLanding },
  ...OPS_SECTIONS.map((section) => ({
    path: OPS_ROUTE_PATTERNS[section.id] ?? section.route,
    loader: OPS_LOADERS[section.id],
    lazy: OPS_SCREENS[section.id],
  })),
  { path: '*', lazy: lazyOpsNotFound },
];

export const routes: RouteObject[] = [
  {
    path: paths.home,
    Component: RootLayout,
    ErrorBoundary: RouteError,
    HydrateFallback: LoadingScreen,
    children: [
      { path: paths.login, lazy: lazyLogin },
      {
        path: paths.public.root,
        lazy: lazyPublicLayout,
        children: [
          { index: true, lazy: lazyWrongUrl },
          { path: 'about-the-numbers', lazy: lazyAboutNumbers },
          { path: 'salescalculator', lazy: lazyCalculator },
          { path: 'charity/:receiverId/reports', lazy: lazyPublicReport, handle: { publicReportKind: 'receiver' } },
          { path: 'store/:storeId/reports', lazy: lazyPublicReport, handle: { publicReportKind: 'store' } },
          { path: 'store/:storeId/posters', lazy: lazyPublicPoster },
          { path: 'unsubscribe', lazy: lazyUnsubscribe },
          { path: 'invitation', lazy: lazyInvitation },
          { path: 'network/:region/:secret', loader: startPublicMap, lazy: lazyPublicNetwork },
          { path: '*', lazy: lazyWrongUrl },
        ],
      },
      {
        Component: RequireSession,
        children: [
          { index: true, loader: prefetchClientDashboard(false), lazy: lazyClientHome },
          { path: routePatterns.storeReport, lazy: lazyStoreReport },
          { path: routePatterns.receiverReport, lazy: lazyReceiverReport },
          { path: routePatterns.storePoster, lazy: lazyStorePoster },
          {
            Component: RequireStaff,
            children: [
              { path: paths.asClient, loader: prefetchClientDashboard(true), lazy: lazyClientDashboard },
              { path: paths.ops.root, lazy: lazyOpsLayout, children: opsChildren },
            ],
          },
        ],
      },
      { path: '*', lazy: lazyNotFound },
    ],
  },
];

export function createAppRouter() {
  return createBrowserRouter(routes);
}
