import { publicPagePaths } from '@openrescue/shared';

/** Every URL of the web app. Route definitions and links both read from here. */
export const paths = {
  home: '/',
  login: '/login',
  asClient: '/as_client',
  /** Monthly donation reports and store posters for signed-in users (public link versions are under /public). */
  reports: {
    store: (storeId: string | number) => `/reports/store/${storeId}`,
    receiver: (receiverId: string | number) => `/reports/receiver/${receiverId}`,
  },
  posters: {
    store: (storeId: string | number) => `/posters/store/${storeId}`,
  },
  ops: {
    root: '/ops',
    dashboard: '/ops/dashboard',
    network: '/ops/network',
    receivers: '/ops/retail/receivers',
    receiver: (id: string | number) => `/ops/retail/receivers/${id}`,
    stores: '/ops/retail/stores',
    store: (id: string | number) => `/ops/retail/stores/${id}`,
    noPickups: '/ops/retail/no-pickups',
    stipendReport: '/ops/retail/stipend-report',
    publish: '/ops/reports/publish',
    generated: '/ops/reports/generated',
    mailable: '/ops/reports/mailable',
    logs: '/ops/logs',
    flows: '/ops/flows',
    audit: '/ops/audit',
    transcripts: '/ops/product/transcripts',
    transcript: (id: string | number) => `/ops/product/transcripts/${id}`,
  },
  public: {
    root: '/public',
    ...publicPagePaths,
    salesCalculator: '/public/salescalculator',
    aboutNumbers: '/public/about-the-numbers',
  },
} as const;

/** Route patterns (react-router syntax) for the paths above that take parameters. */
export const routePatterns = {
  transcripts: '/ops/product/transcripts/:id?',
  /** The optional id opens the row's detail panel (spec 2.7). */
  receivers: '/ops/retail/receivers/:id?',
  stores: '/ops/retail/stores/:id?',
  noPickups: '/ops/retail/no-pickups/:id?',
  stipendReport: '/ops/retail/stipend-report/:id?',
  mailable: '/ops/reports/mailable/:id?',
  storeReport: '/reports/store/:storeId',
  receiverReport: '/reports/receiver/:receiverId',
  storePoster: '/posters/store/:storeId',
} as const;

/** Where a signed-in user lands first. */
export function homeFor(staff: boolean): string {
  return staff ? paths.ops.root : paths.home;
}

/** Where to go after sign-in: where the visitor was going when that suits the role, else the role's home. */
export function postAuthTarget(from: string | null | undefined, staff: boolean): string {
  const home = homeFor(staff);
  if (!from || !from.startsWith('/') || from.startsWith('//') || from === paths.home) return home;
  if (from.startsWith(paths.login) || from.startsWith(paths.public.root)) return home;
  if (!staff && (from.startsWith(paths.ops.root) || from.startsWith(paths.asClient))) return home;
  return from;
}
