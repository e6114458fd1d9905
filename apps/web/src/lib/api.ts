import { paths } from '../config/paths';
import { createApiClient } from './api-client';
import { navigateTo } from './navigation';
import { inOwnTask } from './own-task';
import { getProductName } from './product-name';
import { clearSession, getSession } from './session';
import { refreshAccessToken } from './session-api';

function handleSignedOut(): void {
  clearSession();
  const { pathname, search } = window.location;
  if (pathname === paths.login || pathname.startsWith(paths.public.root)) return;
  navigateTo(paths.login, { replace: true, state: { from: `${pathname}${search}` } });
}

/** The app's API client: bearer token from the session, one shared refresh, errors normalised. */
export const api = createApiClient({
  fetch: (input, init) => inOwnTask(() => fetch(input, init)),
  getAccessToken: () => getSession()?.token,
  getExpiresAt: () => getSession()?.expiresAt,
  refreshToken: refreshAccessToken,
  onSignedOut: handleSignedOut,
  productName: getProductName,
});
