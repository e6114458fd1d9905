/**
 * The client dashboard as the server sends it for `/` to a signed-in company user (decision 0032): the app's frame
 * and the dashboard's header with the user's own names, pre-rendered once as templates (apps/web/src/ssr) and filled
 * per request (apps/server/src/plugins/web.ts), so that the page paints them before its code has run.
 */
export interface DashboardFirstView {
  /** The header's name: the user's company, or their reporting store. */
  title: string;
  /** The default range as the header shows it. */
  range: string;
  /** The reporting store, whose report and poster the header links to; null for a company. */
  storeId: number | null;
  /** The FLW analytics button shows (company 1 users who reach all stores, when the network has set its address). */
  flw: boolean;
  email: string;
  initials: string;
  photoURL: string | null;
}

/**
 * Where each value goes in a template: private-use characters, which no fixed text of the page has. `initials` is
 * two marks because the account button makes the initials of a display name of two words (userInitials).
 */
export const FIRST_VIEW_MARKS = {
  title: '\uE000',
  range: '\uE001',
  email: '\uE002',
  initials: '\uE003\uE004',
  storeId: '\uE005',
  photoURL: '\uE006',
} as const;

/** The display name whose initials are the `initials` mark. */
export const FIRST_VIEW_DISPLAY_NAME = '\uE003 \uE004';

/** The templates differ in the header's buttons and the account button's picture. */
export type FirstViewVariant = `${'store' | 'flw' | 'plain'}-${'photo' | 'initials'}`;

export function firstViewVariant(view: Pick<DashboardFirstView, 'storeId' | 'flw' | 'photoURL'>): FirstViewVariant {
  return `${view.storeId !== null ? 'store' : view.flw ? 'flw' : 'plain'}-${view.photoURL ? 'photo' : 'initials'}`;
}

export const FIRST_VIEW_VARIANTS: readonly FirstViewVariant[] = (['store', 'flw', 'plain'] as const).flatMap((links) =>
  (['photo', 'initials'] as const).map((picture): FirstViewVariant => `${links}-${picture}`),
);

/** The account button's letters: the first of the first two words of the display name, else of the e-mail. */
export function userInitials(user: { displayName?: string | null; email: string }): string {
  const source = user.displayName?.trim() || user.email;
  const parts = source.split(/[\s@._-]+/).filter(Boolean);
  return ((parts[0]?.[0] ?? '') + (parts[1]?.[0] ?? '')).toUpperCase() || '?';
}
