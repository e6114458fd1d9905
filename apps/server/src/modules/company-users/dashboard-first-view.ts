import {
  canSeeFlwButton,
  clientAccess,
  defaultDashboardBounds,
  rangeText,
  userInitials,
  type DashboardFirstView,
  type Viewer,
} from '@openrescue/shared';
import type { AppContext } from '../../context.js';
import { visibleCompanies, visibleStores } from '../reports/visibility.repository.js';

/**
 * What the client dashboard opens on for the browser session of this cookie (decision 0032), for the page the server
 * sends for `/`: the user's company (roles that reach all its stores) or reporting store, by name, and the default
 * range. Null for anyone else (no session, staff, no company user record, no reporting store, a store or company
 * this user may not see): they get the page without it. Reads only: the session is neither refreshed nor rotated.
 */
export async function dashboardFirstView(ctx: AppContext, cookie: string): Promise<DashboardFirstView | null> {
  const session = await ctx.auth.api.getSession({
    headers: new Headers({ cookie }),
    query: { disableRefresh: true, disableCookieCache: true },
  });
  if (!session) return null;
  const user = session.user as typeof session.user & { staff?: boolean };
  if (user.staff) return null;
  const viewer: Viewer = {
    staff: false,
    email: user.email,
    companyUser: await ctx.repos.companyUsers.findByUserId(user.id),
  };
  const access = clientAccess(viewer);
  let title: string | undefined;
  let storeId: number | null = null;
  if (access.kind === 'company') {
    title = (
      await visibleCompanies(ctx.database.db, { kind: 'company', companyId: access.companyId }, [access.companyId])
    )[0]?.name;
  } else if (access.kind === 'store') {
    const scope = { kind: 'store', companyId: access.companyId, storeId: access.storeId } as const;
    title = (await visibleStores(ctx.database.db, scope, [access.storeId]))[0]?.name;
    storeId = access.storeId;
  }
  if (title === undefined) return null;
  return {
    title,
    range: rangeText(defaultDashboardBounds()),
    storeId,
    flw: canSeeFlwButton(viewer) && ctx.env.FLW_URL !== '',
    email: user.email,
    initials: userInitials({ displayName: user.name, email: user.email }),
    photoURL: user.image ?? null,
  };
}
