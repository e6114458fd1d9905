import { createHash } from 'node:crypto';
import { normalizeIP } from '@fastify/rate-limit';
import { ERROR_TYPES } from '@openrescue/shared';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { HttpError } from '../lib/http-error.js';
import { BUSY_CLIENT_RETRY_AFTER_SECONDS, tooManyAtOnce } from '../lib/keyed-concurrency.js';
import type { Auth } from './auth.js';
import type { KnownDevices } from './known-device.js';
import { admitToPasswordQueue } from './password-queue.js';

/**
 * The budgets of the requests that check a password (issue 32, item 2), counted in the database (the
 * @fastify/rate-limit store of plugins/database-rate-limit-store.ts: one count for every server process), in this
 * order, the first one spent refusing with 429 and Retry-After:
 * 1. per address: every attempt from one client address (an IPv6 /64 counts as one);
 * 2. per account and address: LOGIN_RATE_LIMIT_PER_MINUTE wrong guesses at one account from one address. Someone
 *    else's guesses, from elsewhere, never spend the owner's budget at the owner's address;
 * 3. per account: a higher ceiling over every address, against guessing spread over many addresses;
 * 4. everyone's: what the server takes in a minute, whoever sends it.
 * An attempt refused at one step is not counted at the later ones (a flood from one address spends nothing of the
 * account's or everyone's budget). Keys are digests: a client's text never becomes a key as written (item 10).
 */
export function signInBudgets(perAccountAndAddress: number) {
  return {
    perAddress: perAccountAndAddress * 3,
    perAccountAndAddress,
    perAccount: perAccountAndAddress * 10,
    everyone: perAccountAndAddress * 60,
  };
}

const digest = (text: string) => createHash('sha256').update(text).digest('base64url').slice(0, 32);
/** The client's address as the budgets and the hashing queue count it (an IPv6 /64 is one client). */
export const clientAddress = (request: FastifyRequest) => normalizeIP(request.ip, 64);
const addressOf = clientAddress;

/** The account a password request is about: the e-mail it signs in with, else the signed-in user (change-password). */
export type AccountOf = (request: FastifyRequest) => Promise<string | null>;

export const emailAccount: AccountOf = async (request) => {
  const email = (request.body as { email?: unknown } | undefined)?.email;
  return typeof email === 'string' ? `email:${email.trim().toLowerCase()}` : null;
};

export const sessionAccount =
  (auth: Auth): AccountOf =>
  async (request) => {
    if (!request.headers.cookie) return null;
    const headers = new Headers({ cookie: request.headers.cookie });
    const session = await auth.api.getSession({ headers, query: { disableRefresh: true } }).catch(() => null);
    return session ? `user:${session.user.id}` : null;
  };

const ACCOUNT = Symbol('password request account');
type WithAccount = FastifyRequest & { [ACCOUNT]?: string | null };

const KNOWN = Symbol('known device');
/** The account a password request was about, once its guard ran. */
export const requestAccount = (request: FastifyRequest) => (request as WithAccount)[ACCOUNT] ?? null;
/** Whether the request came from a browser known to its account (its guard found the device cookie). */
export const fromKnownDevice = (request: FastifyRequest) =>
  (request as FastifyRequest & { [KNOWN]?: boolean })[KNOWN] === true;

/**
 * A preHandler for a route that checks a password: its budgets (`scope` names them: 'signin', 'password'), then a
 * place in the hashing queue, held until the answer is sent. A browser known to the account (`devices`) skips the
 * budgets others can spend: the account's ceiling and everyone's.
 */
export function passwordRequestGuard(
  app: FastifyInstance,
  scope: string,
  perMinute: number,
  accountOf: AccountOf,
  devices?: KnownDevices,
) {
  const budgets = signInBudgets(perMinute);
  const limiter = (max: number, key: (request: WithAccount) => string | null) => ({
    key,
    check: app.createRateLimit({ max, timeWindow: 60_000, keyGenerator: (r) => key(r as WithAccount) ?? '' }),
  });
  const steps = [
    limiter(budgets.perAddress, (r) => `${scope}:addr:${digest(addressOf(r))}`),
    limiter(budgets.perAccountAndAddress, (r) =>
      r[ACCOUNT] ? `${scope}:acct-addr:${digest(`${r[ACCOUNT]}\n${addressOf(r)}`)}` : null,
    ),
    {
      ...limiter(budgets.perAccount, (r) => (r[ACCOUNT] ? `${scope}:acct:${digest(r[ACCOUNT])}` : null)),
      shared: true,
    },
    { ...limiter(budgets.everyone, () => `${scope}:all`), shared: true },
  ];

  return async (request: FastifyRequest, reply: FastifyReply) => {
    const r = request as WithAccount;
    r[ACCOUNT] = await accountOf(request);
    const known = Boolean(r[ACCOUNT] && devices?.isKnown(request, r[ACCOUNT]));
    (request as FastifyRequest & { [KNOWN]?: boolean })[KNOWN] = known;
    for (const step of steps) {
      if (step.key(r) === null || (known && 'shared' in step)) continue;
      const result = await step.check(request);
      if (!result.isAllowed && result.isExceeded) {
        reply.header('retry-after', String(Math.max(1, result.ttlInSeconds)));
        throw new HttpError(
          429,
          ERROR_TYPES.rateLimited,
          'Too many attempts, try again in a minute.',
          'too many attempts',
        );
      }
    }
    const release = admitToPasswordQueue(addressOf(request), known);
    if (!release) {
      reply.header('retry-after', String(BUSY_CLIENT_RETRY_AFTER_SECONDS));
      throw tooManyAtOnce('sign-in attempts');
    }
    reply.raw.once('finish', release).once('close', release);
  };
}
