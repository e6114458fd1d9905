import { betterAuth } from 'better-auth';
import { APIError } from 'better-auth/api';
import { genericOAuth, jwt } from 'better-auth/plugins';
import { AUTH_TEXT_LIMITS, authPaths } from '@openrescue/shared';
import type { Kysely } from 'kysely';
import { type Env, oidcEnabled } from '../config/env.js';
import type { DB } from '../db/schema.js';
import { recordStaffSignIn } from '../modules/audit/audit.service.js';
import { useUpInvitations } from '../modules/receiver-users/receiver-users.repository.js';
import { oidcGuard } from './oidc-guard.js';
import { queuedPassword } from './password-queue.js';
import { sessionRotation } from './session-rotation.js';

export const AUTH_BASE_PATH = authPaths.base;
export const OIDC_PROVIDER_ID = 'oidc';
const SESSION_SECONDS = 60 * 60 * 24;

export type AuthLog = (level: 'debug' | 'info' | 'warn' | 'error', message: string) => void;

export interface AuthSettings {
  env: Env;
  db: Kysely<DB>;
  baseURL: string;
  secret: string;
  /** The auth library's own messages go into our structured log instead of the console. */
  log?: AuthLog;
  /** Told when the library ends a session (sign-out, revocations, an account removed), with the session's chain. */
  onSessionEnded?: (chainId: string) => void;
}

/**
 * The origins a browser page of this server has, per request the auth routes hand to the library (auth.routes.ts
 * notes them, from lib/own-origin.ts): with no PUBLIC_URL, also the address the request reached, so sign-in works at
 * http://127.0.0.1:8080, a LAN address or a host name (issue 32, item 8).
 */
export const ownOriginsOfRequest = new WeakMap<Request, string[]>();

/** A user's free text (the name goes into every access token): longer is refused, so tokens stay small (item 10). */
function boundedUserText(user: { name?: unknown; image?: unknown }) {
  const tooLong = (value: unknown, max: number) => typeof value === 'string' && value.length > max;
  if (tooLong(user.name, AUTH_TEXT_LIMITS.name) || tooLong(user.image, AUTH_TEXT_LIMITS.url)) {
    throw APIError.fromStatus('BAD_REQUEST', {
      code: 'VALIDATION_ERROR',
      message: `The name may have at most ${AUTH_TEXT_LIMITS.name} characters, the image address ${AUTH_TEXT_LIMITS.url}.`,
    });
  }
}

export function createAuth({ env, db, baseURL, secret, log, onSessionEnded }: AuthSettings) {
  return betterAuth({
    appName: env.PRODUCT_NAME,
    baseURL,
    basePath: AUTH_BASE_PATH,
    secret,
    database: { db, type: 'postgres' },
    logger: log ? { level: 'warn', log: (level, message) => log(level, message) } : { level: 'error' },
    // baseURL, and per request the origins lib/own-origin.ts gives (the dev server's outside production).
    trustedOrigins: (request) => (request ? (ownOriginsOfRequest.get(request) ?? []) : []),
    // Accounts are created by staff or the demo seed, never by open sign-up. Hashing: password-queue.ts.
    emailAndPassword: {
      enabled: true,
      disableSignUp: true,
      password: queuedPassword,
      maxPasswordLength: AUTH_TEXT_LIMITS.password,
    },
    account: {
      accountLinking: {
        // An invited charity user may sign in with the OpenID Connect provider instead of setting a password (decision
        // 0066): the provider's verified address links to the invited account, whose own address is not verified
        // yet. The library's default refuses that link (against an account someone else made with the address and a
        // password they know); here no unverified account has a password (staff-made accounts are verified, an
        // invitation verifies the address as it sets one), and the provider must still verify the address.
        requireLocalEmailVerified: false,
      },
    },
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
      // Every path that writes a user (update-user, an identity provider's profile, staff): names stay short.
      user: {
        create: {
          before: async (user) => {
            boundedUserText(user);
          },
        },
        update: {
          before: async (user) => {
            boundedUserText(user);
          },
        },
      },
      session: {
        // A staff sign-in goes on the audit trail (issue 36); a failure to record it never fails the sign-in.
        // A charity user's sign-in uses up its invitation links.
        create: {
          after: async (session) => {
            await recordStaffSignIn(db, session.userId).catch((error: unknown) =>
              log?.('error', `audit: sign-in not recorded: ${String(error)}`),
            );
            await useUpInvitations(db, session.userId);
          },
        },
        delete: {
          after: async (session) => onSessionEnded?.((session as { chainId?: string | null }).chainId ?? session.id),
        },
      },
    },
    // Per-account limits are ours (see rate-limit in the auth routes); better-auth's per-IP limiter would slow
    // every user behind one address.
    rateLimit: { enabled: false },
    // The origin check runs in tests too (the library skips it when NODE_ENV is test): tests see what production does.
    advanced: { database: { generateId: 'uuid' }, disableOriginCheck: false },
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
      sessionRotation({
        db,
        graceSeconds: env.SESSION_REUSE_GRACE_SECONDS,
        sessionSeconds: SESSION_SECONDS,
      }),
    ],
  });
}

export type Auth = ReturnType<typeof createAuth>;
