import { SESSION_HINT_COOKIE } from '@openrescue/shared';
import type { FastifyInstance } from 'fastify';

/**
 * The session hint (decision 0057): a cookie without HttpOnly that follows the session cookie, so a page can tell,
 * without asking the server, that there is no session and no token to ask for. It holds no secret ("1"), and it is
 * set and cleared by the same answers that set and clear the session cookie, with the same path, lifetime, SameSite
 * and Secure. A hint without a session (the server ended it) costs one refused token call, which clears it.
 */

const clears = (value: string, attributes: string[], now: number) =>
  value === '' ||
  attributes.some((a) => /^max-age\s*=\s*(0|-\d+)$/i.test(a)) ||
  attributes.some((a) => {
    const m = /^expires\s*=\s*(.+)$/i.exec(a);
    return m !== null && Date.parse(m[1]) <= now;
  });

/** The hint's Set-Cookie line for a line that sets or clears the session cookie `sessionCookie`, else null. */
export function sessionHintFor(setCookie: string, sessionCookie: string, now = Date.now()): string | null {
  const [pair = '', ...rest] = setCookie.split(';');
  const eq = pair.indexOf('=');
  if (eq < 0 || pair.slice(0, eq).trim() !== sessionCookie) return null;
  const attributes = rest.map((a) => a.trim()).filter((a) => a !== '' && a.toLowerCase() !== 'httponly');
  const value = pair.slice(eq + 1).trim();
  return [`${SESSION_HINT_COOKIE}=${clears(value, attributes, now) ? '' : '1'}`, ...attributes].join('; ');
}

/** Adds the hint to every answer of this plugin's routes that sets or clears the session cookie. */
export function addSessionHint(app: FastifyInstance, sessionCookie: () => Promise<string>): void {
  app.addHook('onSend', async (_request, reply, payload) => {
    const header = reply.getHeader('set-cookie');
    if (header === undefined) return payload;
    const lines = (Array.isArray(header) ? header : [header]).map(String);
    const name = await sessionCookie();
    const hints = lines.map((line) => sessionHintFor(line, name)).filter((h): h is string => h !== null);
    // Several lines for the session cookie: the browser keeps the last, so the hint follows the last.
    if (hints.length) reply.header('set-cookie', [...lines, hints[hints.length - 1]]);
    return payload;
  });
}
