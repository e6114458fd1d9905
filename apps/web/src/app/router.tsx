import { createBrowserRouter, type RouteObject } from 'react-router';
import { LoadingScreen } from '../components/loading-screen';
import { paths } from '../config/paths';
import { RequireSession, RequireStaff } from './guards';
import { OPS_SECTIONS } from './ops/ops-sections';
import { RootLayout } from './root-layout';
import { RouteError } from './route-error';

// Each area is its own chunk; the module's named export becomes the route component.
const lazyLogin = async () => ({ Component: (await import('./login/login-route')).LoginRoute });
const lazyOpsLayout = async () => ({ Component: (await import('./ops/ops-layout')).OpsLayout });
const lazyOpsLanding = async () => ({ Component: (await import('./ops/landing-route')).OpsLandingRoute });
const lazyOpsSection = async () => ({ Component: (await import('./ops/section-route')).OpsSectionRoute });
const lazyNotFound = async () => ({ Component: (await import('./not-found-route')).NotFoundRoute });
const lazyOpsNotFound = async () => ({ Component: (await import('./ops/ops-not-found-route')).OpsNotFoundRoute });
const lazyClientHome = async () => ({ Component: (await import('./client/client-home-route')).ClientHomeRoute });
const lazyClientDashboard = async () => ({
  Component: (await import('./client/client-dashboard-route')).ClientDashboardRoute,
});
const lazyPublicLayout = async () => ({ Component: (await import('./public/public-layout')).PublicLayout });
const lazyWrongUrl = async () => ({ Component: (await import('./public/wrong-url-route')).WrongUrlRoute });

const opsChildren: RouteObject[] = [
  { index: true, lazy: lazyOpsLanding },
  ...OPS_SECTIONS.map((section) => ({ path: section.route, handle: { sectionId: section.id }, lazy: lazyOpsSection })),
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
          { path: '*', lazy: lazyWrongUrl },
        ],
      },
      {
        Component: RequireSession,
        children: [
          { index: true, lazy: lazyClientHome },
          {
            Component: RequireStaff,
            children: [
              { path: paths.asClient, lazy: lazyClientDashboard },
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
