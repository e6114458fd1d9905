import type { CONTACT_ORDERING, OrderKey } from '@openrescue/shared';
import { sql, type Kysely } from 'kysely';
import type { DB } from '../../db/schema.js';
import { orderBySql } from '../../lib/ordering.js';

export interface ContactFilters {
  /** Contact ids (the list's detail panel only; a send never narrows by id). */
  ids?: number[];
  companyIds?: number[];
  receiverIds?: number[];
}

export interface ContactRow {
  id: number;
  receiver_id: number;
  email: string;
  first_name: string | null;
  report_type: 'CHARITY_REPORT' | 'POSTER';
  organization_name: string;
  /** When the contact unsubscribed from the report mail (null: mailed); sends skip it until staff re-enable it. */
  unsubscribed_at: Date | null;
}

export interface QueuedMail {
  to_address: string;
  subject: string;
  body_text: string;
  body_html: string;
  receiver_contact_id: number;
  list_unsubscribe: string;
}

/** Receiver contacts (DESIGN section 6: organization = the receiver's name), by organization, email and id. */
export function createMailingRepository(db: Kysely<DB>) {
  const filtered = (f: ContactFilters) => {
    let q = db.selectFrom('receiver_contact as c').innerJoin('receiver as r', 'r.id', 'c.receiver_id');
    if (f.ids?.length) q = q.where('c.id', 'in', f.ids);
    if (f.receiverIds?.length) q = q.where('c.receiver_id', 'in', f.receiverIds);
    if (f.companyIds?.length) {
      const companyIds = f.companyIds;
      q = q.where(({ exists, selectFrom }) =>
        exists(
          selectFrom('store_receiver as x')
            .innerJoin('store as s', 's.id', 'x.store_id')
            .select(sql`1`.as('one'))
            .whereRef('x.receiver_id', '=', 'c.receiver_id')
            .where('s.company_id', 'in', companyIds),
        ),
      );
    }
    return q;
  };

  return {
    async contacts(
      f: ContactFilters,
      page?: { limit: number; offset: number; ordering?: readonly OrderKey<(typeof CONTACT_ORDERING)[number]>[] },
    ): Promise<{ count: number; rows: ContactRow[] }> {
      // By organization and e-mail unless the list's `ordering` says otherwise (decision 0065).
      const order = orderBySql(
        page?.ordering,
        [
          { key: 'organization_name', desc: false },
          { key: 'email', desc: false },
        ],
        {
          organization_name: { sql: sql.ref('r.name'), text: true },
          email: { sql: sql.ref('c.email'), text: true },
          first_name: { sql: sql.ref('c.first_name'), text: true },
          report_type: { sql: sql.ref('c.report_type') },
          unsubscribed_at: { sql: sql.ref('c.unsubscribed_at') },
          id: { sql: sql.ref('c.id') },
        },
        [sql.ref('c.id')],
      );
      let q = filtered(f)
        .select([
          'c.id',
          'c.receiver_id',
          'c.email',
          'c.first_name',
          'c.report_type',
          'r.name as organization_name',
          'c.unsubscribed_at',
        ])
        .select(sql<number>`count(*) over ()`.as('total'))
        .orderBy(order);
      if (page) q = q.limit(page.limit).offset(page.offset);
      const rows = await q.execute();
      let count = rows.length ? Number(rows[0].total) : 0;
      if (!rows.length && page && page.offset > 0) {
        const one = await filtered(f)
          .select(sql<number>`count(*)`.as('n'))
          .executeTakeFirstOrThrow();
        count = Number(one.n);
      }
      return {
        count,
        rows: rows.map(({ total: _t, ...r }) => ({
          ...r,
          id: Number(r.id),
          receiver_id: Number(r.receiver_id),
          unsubscribed_at: r.unsubscribed_at === null ? null : new Date(r.unsubscribed_at),
        })),
      };
    },

    /** How many mails a send to these contacts queues: not unsubscribed, one per receiver and e-mail (issue 36). */
    async mailRecipients(f: ContactFilters): Promise<number> {
      const row = await filtered(f)
        .select(
          sql<string>`count(distinct c.receiver_id::text || ' ' || lower(c.email)) filter (where c.unsubscribed_at is null)`.as(
            'n',
          ),
        )
        .executeTakeFirstOrThrow();
      return Number(row.n);
    },

    /** Queues the mails of one send in one transaction; a contact already queued for this send is skipped. */
    /** Queues the mails not queued for this send yet; `onQueued` runs in the same transaction when any were. */
    async queue(
      sendId: string,
      mails: QueuedMail[],
      onQueued: (trx: Kysely<DB>, queued: number) => Promise<void>,
    ): Promise<number> {
      if (!mails.length) return 0;
      return db.transaction().execute(async (trx) => {
        let inserted = 0;
        for (let i = 0; i < mails.length; i += 500) {
          const chunk = mails.slice(i, i + 500).map((m) => ({ ...m, send_id: sendId }));
          const rows = await trx
            .insertInto('mail_outbox')
            .values(chunk)
            .onConflict((oc) => oc.columns(['send_id', 'receiver_contact_id']).doNothing())
            .returning('id')
            .execute();
          inserted += rows.length;
        }
        if (inserted > 0) await onQueued(trx, inserted);
        return inserted;
      });
    },

    async contactById(id: number): Promise<{ id: number; email: string } | undefined> {
      const row = await db
        .selectFrom('receiver_contact')
        .select(['id', 'email'])
        .where('id', '=', id)
        .executeTakeFirst();
      return row && { id: Number(row.id), email: row.email };
    },

    /**
     * Unsubscribes the contact (the first time counts), with its other rows for the same receiver and address: the
     * person got one mail for them all. Returns since when it is unsubscribed.
     */
    async markUnsubscribed(id: number): Promise<Date> {
      await sql`update receiver_contact c set unsubscribed_at = now() from receiver_contact x
        where x.id = ${id} and c.receiver_id = x.receiver_id and lower(c.email) = lower(x.email)
          and c.unsubscribed_at is null`.execute(db);
      const row = await db
        .selectFrom('receiver_contact')
        .select('unsubscribed_at')
        .where('id', '=', id)
        .executeTakeFirstOrThrow();
      return new Date(row.unsubscribed_at!);
    },

    /** Staff re-enable the report mail for a contact (and its rows for the same receiver and address); false: none. */
    async resubscribe(id: number): Promise<boolean> {
      const { rows } = await sql<{ id: number }>`update receiver_contact c set unsubscribed_at = null
        from receiver_contact x where x.id = ${id} and c.receiver_id = x.receiver_id
          and lower(c.email) = lower(x.email) returning c.id`.execute(db);
      return rows.length > 0;
    },

    async sendSize(sendId: string): Promise<number> {
      const row = await db
        .selectFrom('mail_outbox')
        .select(sql<number>`count(*)`.as('n'))
        .where('send_id', '=', sendId)
        .executeTakeFirstOrThrow();
      return Number(row.n);
    },
  };
}
