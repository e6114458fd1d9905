// The foundation modules' API paths, apart from their zod schemas: the sign-in page and the app's entry import these
// and must not pull zod in with them (the bundle budgets, scripts/check-bundles.mjs).

/** The system module: health, readiness and the deployment's public settings. */
export const systemPaths = {
  health: '/health',
  ready: '/health/ready',
  config: '/core-api/api/config',
} as const;

/** The session module: POST mints an access token from the session cookie (public/early-session.js spells it too). */
export const sessionPaths = { token: '/core-api/api/session/token' } as const;

/**
 * A cookie scripts may read, set and cleared by the server with the httpOnly session cookie (same lifetime): it says a
 * session cookie is there, so a signed-out page asks for no token (decision 0057). public/early-session.js spells it.
 */
export const SESSION_HINT_COOKIE = 'openrescue_session';

/** The auth library's base path (the server mounts it there) and the endpoints the web app calls under it. */
export const authPaths = {
  base: '/core-api/api/auth',
  signInEmail: '/core-api/api/auth/sign-in/email',
  signInSocial: '/core-api/api/auth/sign-in/social',
  signOut: '/core-api/api/auth/sign-out',
} as const;

export const companyUsersPaths = { companyUser: '/core-api/api/clients/company_user' } as const;

/** GET the Jobs table (spec 7.1 style). */
export const jobsPaths = { jobs: '/ops-api/table/Jobs' } as const;
