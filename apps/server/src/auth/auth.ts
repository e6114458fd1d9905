import { betterAuth } from 'better-auth';
import { hashPassword, verifyPassword } from 'better-auth/crypto';
import { genericOAuth, jwt } from 'better-auth/plugins';
import pLimit from 'p-limit';
import type { Kysely } from 'kysely';
import { type Env, oidcEnabled } from '../config/env.js';
import type { DB } from '../db/schema.js';
import { oidcGuard } from './oidc-guard.js';
import { sessionRotation } from './session-rotation.js';

export const AUTH_BASE_PATH = '/core-api/api/auth';
export const OIDC_PROVIDER_ID = 'oidc';
const SESSION_SECONDS = 60 * 60 * 24;

export type AuthLog = (level: 'debug' | 'info' | 'warn' | 'error', message: string) => void;

export interface AuthSettings {
  env: Env;
  db: Kysely<any>;
  baseURL: string;
  secret: string;
  /** The auth library's own messages go into our structured log instead of the console. */
  log?: AuthLog;
  /** Told when the library ends a session (sign-out, revocations, an account removed), with the session's chain. */
  onSessionEnded?: (chainId: string) => void;
}

// Each password hash (scrypt, N=16384, r=16) holds 32 MB while it runs, on one of libuv's four threads: a burst of
// sign-ins ran four at once and lifted the server's memory by ~130 MB. One at a time keeps that to 32 MB and leaves
// the other core to the requests already signed in; a hash takes ~0.1 s, so 50 sign-ins at once take ~5 s.
const passwordHashing = pLimit(1);
const password = {
  hash: (plain: string) => passwordHashing(() => hashPassword(plain)),
  verify: (data: { hash: string; password: string }) => passwordHashing(() => verifyPassword(data)),
};

export function createAuth({ env, db, baseURL, secret, log, onSessionEnded }: AuthSettings) {
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
    emailAndPassword: { enabled: true, disableSignUp: true, password },
    user: {
      additionalFields: {
        staff: { type: 'boolean', required: false, defaultValue: false, input: false },
      },
    },
    session: {
      expiresIn: SESSION_SECONDS,
      updateAge: 60 * 60,
      // Set by rotation (session-rotation.ts); read here so that access tokens can name their chain.
      additionalFields: { chainId: { type: 'string', required: false, input: false } },
    },
    // Every session the library deletes, whichever route did it; rotation (ours) deletes through Kysely, unseen here.
    databaseHooks: {
      session: {
        delete: {
          after: async (session) => onSessionEnded?.((session as { chainId?: string | null }).chainId ?? session.id),
        },
      },
    },
    // Per-account limits are ours (see rate-limit in the auth routes); better-auth's per-IP limiter would slow
    // every user behind one address.
    rateLimit: { enabled: false },
    advanced: { database: { generateId: 'uuid' } },
    // No bearer plugin: API calls carry our short-lived JWTs; the session token stays in the httpOnly cookie.
    plugins: [
      jwt({
        jwt: {
          expirationTime: `${env.ACCESS_TOKEN_TTL_SECONDS}s`,
          definePayload: ({ user, session }) => ({
            // The session chain: the token stops working when its chain signs out or is revoked (token-verifier.ts).
            sid: (session as { chainId?: string | null }).chainId ?? session.id,
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
      oidcGuard({ providerId: OIDC_PROVIDER_ID, issuer: oidcEnabled(env) ? env.OIDC_ISSUER : undefined }),
      sessionRotation({ db: db as Kysely<DB>, graceSeconds: env.SESSION_REUSE_GRACE_SECONDS, sessionSeconds: SESSION_SECONDS }),
    ],
  });
}

export type Auth = ReturnType<typeof createAuth>;
