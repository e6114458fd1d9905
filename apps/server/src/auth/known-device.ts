import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { AUTH_BASE_PATH } from './auth.js';

/** How long a browser that signed in to an account is known to it. */
const KNOWN_FOR_SECONDS = 90 * 24 * 60 * 60;
const PATH = `${AUTH_BASE_PATH}/sign-in`;

const digest = (text: string) => createHash('sha256').update(text).digest('base64url');
const cookieName = (account: string) => `or_known_${digest(account).slice(0, 12)}`;
const mac = (secret: string, account: string, issued: string) =>
  createHmac('sha256', secret).update(`known-device\n${account}\n${issued}`).digest('base64url');

/**
 * A browser that has signed in to an account before (OWASP's "device cookie"): a signed, httpOnly cookie per
 * account, sent back to the sign-in route only. Its owner's sign-ins skip the budgets that someone else can spend
 * (the account's ceiling over every address and everyone's budget), so guessing or a flood spread over many
 * addresses cannot lock out a person on the browser they use; their own address's budgets still apply.
 */
export function knownDevices(secret: string, secure: boolean) {
  return {
    isKnown(request: FastifyRequest, account: string): boolean {
      const value = request.cookies[cookieName(account)];
      const [signature, issued] = value?.split('.') ?? [];
      if (!issued || !signature || !/^\d{1,12}$/.test(issued)) return false;
      if (Date.now() / 1000 - Number(issued) > KNOWN_FOR_SECONDS) return false;
      const expected = Buffer.from(mac(secret, account, issued));
      const given = Buffer.from(signature);
      return given.length === expected.length && timingSafeEqual(given, expected);
    },
    /** After a successful sign-in to `account`. */
    remember(reply: FastifyReply, account: string) {
      const issued = String(Math.floor(Date.now() / 1000));
      const attributes = [
        `Max-Age=${KNOWN_FOR_SECONDS}`,
        `Path=${PATH}`,
        'HttpOnly',
        'SameSite=Strict',
        ...(secure ? ['Secure'] : []),
      ];
      reply.header(
        'set-cookie',
        `${cookieName(account)}=${mac(secret, account, issued)}.${issued}; ${attributes.join('; ')}`,
      );
    },
  };
}

export type KnownDevices = ReturnType<typeof knownDevices>;
