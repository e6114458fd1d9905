import { createHmac, timingSafeEqual } from 'node:crypto';
import { mailingPaths } from '@openrescue/shared';
import { resolveAuthSecret } from '../../auth/auth-secret.js';
import type { AppContext } from '../../context.js';
import type { Database } from '../../db/connection.js';
import { notFound } from '../../lib/http-error.js';
import { createMailingRepository } from './mailing.repository.js';

/**
 * One-click unsubscribe from the report mail (RFC 8058, decision 0051). The link's token is `{contactId}.{mac}`:
 * an HMAC (key derived from the server's auth secret) of the contact's id and e-mail address, so it opens only that
 * contact, and a contact whose address changed needs a new mail. It never expires: a mail is unsubscribed from
 * whenever it is read.
 */
const KEY_LABEL = 'openrescue:mail-unsubscribe:v1';
const keys = new WeakMap<Database, Promise<Buffer>>();
const TOKEN = /^(\d{1,9})\.([\w-]{22})$/;

function key(ctx: Pick<AppContext, 'database' | 'env'>): Promise<Buffer> {
  let k = keys.get(ctx.database);
  if (!k) {
    k = resolveAuthSecret(ctx.database, ctx.env.AUTH_SECRET).then((secret) =>
      createHmac('sha256', secret).update(KEY_LABEL).digest(),
    );
    keys.set(ctx.database, k);
  }
  return k;
}

const mac = (k: Buffer, contactId: number, email: string) =>
  createHmac('sha256', k).update(`${contactId}\n${email.toLowerCase()}`).digest('base64url').slice(0, 22);

export async function unsubscribeToken(ctx: Pick<AppContext, 'database' | 'env'>, contactId: number, email: string) {
  return `${contactId}.${mac(await key(ctx), contactId, email)}`;
}

/** The List-Unsubscribe address (POST unsubscribes; GET leads a person to the confirm page). */
export async function unsubscribeUrl(ctx: AppContext, contactId: number, email: string): Promise<string> {
  const t = await unsubscribeToken(ctx, contactId, email);
  return `${ctx.origin}${mailingPaths.unsubscribe}?t=${t}`;
}

/** The page a person reads before unsubscribing (the mail's visible link). */
export async function unsubscribePageUrl(ctx: AppContext, contactId: number, email: string): Promise<string> {
  return `${ctx.origin}/public/unsubscribe?t=${await unsubscribeToken(ctx, contactId, email)}`;
}

/** Marks the token's contact unsubscribed (once: a second click changes nothing); 404 for a token that opens none. */
export async function unsubscribe(ctx: AppContext, token: string): Promise<{ email: string; since: string }> {
  const match = TOKEN.exec(token);
  const repo = createMailingRepository(ctx.database.db);
  const contact = match ? await repo.contactById(Number(match[1])) : undefined;
  if (!match || !contact) throw notFound('This unsubscribe link does not work.');
  const expected = Buffer.from(mac(await key(ctx), contact.id, contact.email));
  const given = Buffer.from(match[2]);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) {
    throw notFound('This unsubscribe link does not work.');
  }
  const since = await repo.markUnsubscribed(contact.id);
  return { email: contact.email, since: since.toISOString() };
}
