import { createHash, randomUUID } from 'node:crypto';
import { ERROR_TYPES, type CharityPosterMailRequest } from '@openrescue/shared';
import type { Kysely } from 'kysely';
import type { AppContext } from '../../context.js';
import type { DB } from '../../db/schema.js';
import { charityReportMessage } from '../../mail/charity-report-message.js';
import { HttpError } from '../../lib/http-error.js';
import { publicReportLink } from '../public-links/public-links.service.js';
import { mailOutboxOf } from './mailing.outbox.js';
import { unsubscribePageUrl, unsubscribeUrl } from './unsubscribe.service.js';
import { type ContactFilters, type ContactRow, createMailingRepository } from './mailing.repository.js';

export function contactFilters(q: {
  with_company_id?: number | number[];
  with_receiver_id?: number | number[];
}): ContactFilters {
  const list = (v?: number | number[]) => (v === undefined ? undefined : Array.isArray(v) ? v : [v]);
  return { companyIds: list(q.with_company_id), receiverIds: list(q.with_receiver_id) };
}

/** The public report link of each receiver, signed once per receiver. */
export async function reportLinks(ctx: AppContext, rows: ContactRow[]): Promise<Map<number, string>> {
  const ids = [...new Set(rows.map((r) => r.receiver_id))];
  const links = await Promise.all(ids.map(async (id) => [id, await publicReportLink(ctx, 'receiver', id)] as const));
  return new Map(links);
}

/** The report link of the month a mail announces (the public report page opens ?month=YYYY-MM-01). */
export const monthReportUrl = (url: string, month: string) => `${url}&month=${month}-01`;

/**
 * One send: a report mail per matching contact, queued in one transaction. Unsubscribed contacts count for the
 * confirmed number (the list shows them, marked) but get no mail. A send id per POST; with an
 * Idempotency-Key the id comes from the caller and key, so a retried POST queues nothing twice.
 */
export async function queueCharityReportMails(
  ctx: AppContext,
  body: CharityPosterMailRequest,
  idempotency: { userId: string; key?: string },
  audit: (db: Kysely<DB>, send: { send_id: string; mailers: number; alone: boolean }) => Promise<void>,
): Promise<{ mailers: number; send_id: string }> {
  const repo = createMailingRepository(ctx.database.db);
  const sendId = idempotency.key
    ? `key-${createHash('sha256').update(`${idempotency.userId}\n${idempotency.key}`).digest('hex').slice(0, 32)}`
    : randomUUID();
  const { rows: all } = await repo.contacts(contactFilters(body));
  // The user confirmed a number of contacts: another number matching now means the list changed under them.
  if (body.contacts !== undefined && body.contacts !== all.length) {
    throw new HttpError(
      409,
      ERROR_TYPES.conflict,
      `The contact list changed: ${all.length} contacts match now, not the ${body.contacts} you confirmed. Reload the list and send again.`,
      'confirmed contact count differs',
    );
  }
  // A person listed for both report types of one receiver gets one mail: the same report link.
  const seen = new Set<string>();
  const rows = all.filter((c) => {
    if (c.unsubscribed_at !== null) return false;
    const key = `${c.receiver_id}\n${c.email.toLowerCase()}`;
    return seen.has(key) ? false : (seen.add(key), true);
  });
  const links = await reportLinks(ctx, rows);
  const mails = await Promise.all(
    rows.map(async (c) => {
      const content = charityReportMessage({
        productName: ctx.env.PRODUCT_NAME,
        firstName: c.first_name,
        organizationName: c.organization_name,
        month: body.month,
        reportUrl: monthReportUrl(links.get(c.receiver_id) ?? '', body.month),
        unsubscribeUrl: await unsubscribePageUrl(ctx, c.id, c.email),
      });
      return {
        to_address: c.email,
        subject: content.subject,
        body_text: content.text,
        body_html: content.html,
        receiver_contact_id: c.id,
        list_unsubscribe: await unsubscribeUrl(ctx, c.id, c.email),
      };
    }),
  );
  // The entry is written with the mails it records; a retry that queues nothing new writes none. A send to no one
  // (every contact unsubscribed) has nothing to commit with: its entry is alone, to be written once per send id.
  const inserted = await repo.queue(sendId, mails, (trx, queued) =>
    audit(trx, { send_id: sendId, mailers: queued, alone: false }),
  );
  if (mails.length === 0) await audit(ctx.database.db, { send_id: sendId, mailers: 0, alone: true });
  if (inserted > 0) mailOutboxOf(ctx)?.wake();
  const mailers = idempotency.key ? await repo.sendSize(sendId) : inserted;
  return { mailers, send_id: sendId };
}
