import { betterAuth } from 'better-auth';
import { genericOAuth, jwt } from 'better-auth/plugins';
import type { Kysely } from 'kysely';
import { type Env, oidcEnabled } from '../config/env.js';

export const AUTH_BASE_PATH = '/core-api/api/auth';
export const OIDC_PROVIDER_ID = 'oidc';

export type AuthLog = (level: 'debug' | 'info' | 'warn' | 'error', message: string) => void;

export interface AuthSettings {
  env: Env;
  db: Kysely<any>;
  baseURL: string;
  secret: string;
  /** The auth library's own messages go into our structured log instead of the console. */
  log?: AuthLog;
}

export function createAuth({ env, db, baseURL, secret, log }: AuthSettings) {
  return betterAuth({
    appName: env.PRODUCT_NAME,
    baseURL,
    basePath: AUTH_BASE_PATH,
    secret,
    database: { db, type: 'postgres' },
    logger: log ? { level: 'warn', log: (level, message) => log(level, message) } : { level: 'error' },
    // The Vite dev server (npm run dev -w apps/web) proxies to us from its own origin.
    trustedOrigins: env.NODE_ENV === 'production' ? [baseURL] : [baseURL, 'http://localhost:5173'],
    // Accounts are created by staff or the demo seed, never by open sign-up.
    emailAndPassword: { enabled: true, disableSignUp: true },
    user: {
      additionalFields: {
        staff: { type: 'boolean', required: false, defaultValue: false, input: false },
      },
    },
    session: { expiresIn: 60 * 60 * 24, updateAge: 60 * 60 },
    // Per-account limits are ours (see rate-limit in the auth routes); better-auth's per-IP limiter would slow
    // every user behind one address.
    rateLimit: { enabled: false },
    advanced: { database: { generateId: 'uuid' } },
    // No bearer plugin: API calls carry our short-lived JWTs; the session token stays in the httpOnly cookie.
    plugins: [
      jwt({
        jwt: {
          expirationTime: `${env.ACCESS_TOKEN_TTL_SECONDS}s`,
          definePayload: ({ user }) => ({
            email: user.email,
            name: user.name,
            staff: Boolean((user as { staff?: boolean }).staff),
          }),
        },
        disableSettingJwtHeader: true,
      }),
      genericOAuth({
        config: oidcEnabled(env)
          ? [
              {
                providerId: OIDC_PROVIDER_ID,
                discoveryUrl: `${env.OIDC_ISSUER!.replace(/\/$/, '')}/.well-known/openid-configuration`,
                clientId: env.OIDC_CLIENT_ID!,
                clientSecret: env.OIDC_CLIENT_SECRET!,
                scopes: ['openid', 'email', 'profile'],
                pkce: true,
              },
            ]
          : [],
      }),
    ],
  });
}

export type Auth = ReturnType<typeof createAuth>;
