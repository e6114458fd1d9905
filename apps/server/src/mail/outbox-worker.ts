import { sql, type Kysely } from 'kysely';
import type { DB } from '../db/schema.js';
import type { MailTransport } from './mail-transport.js';

/** Delay before attempt n+1 after n failed attempts; after MAX_ATTEMPTS the mail is marked failed. */
export const RETRY_DELAYS_SECONDS = [30, 120, 600, 1800, 3600, 7200, 14400] as const;
export const MAX_ATTEMPTS = 8;
/** A claimed mail is invisible to other workers this long; a worker that dies mid-send frees it after it. */
export const CLAIM_LEASE_SECONDS = 300;

/** Message-ID of an outbox row: the same on every attempt, unique across rows and installations. */
export function outboxMessageId(mail: Pick<ClaimedMail, 'id' | 'created_at'>, from: string): string {
  const domain = /@([^>\s]+)>?\s*$/.exec(from)?.[1] ?? 'openrescue.invalid';
  return `<outbox.${mail.id}.${new Date(mail.created_at).getTime()}@${domain}>`;
}

export interface OutboxWorkerOptions {
  db: Kysely<DB>;
  transport: MailTransport;
  from: string;
  pollMs?: number;
  batchSize?: number;
  leaseSeconds?: number;
  log?: { error(obj: object, msg: string): void; info?(obj: object, msg: string): void };
}

export interface OutboxWorker {
  start(): void;
  /** Runs a pass right away (after a POST queued mail). */
  wake(): void;
  /** Stops polling and waits for the pass in flight. */
  stop(): Promise<void>;
  /** One pass: claims due mail, sends it, records the outcome. Returns how many were claimed. */
  runOnce(): Promise<number>;
  /** Claims due mail without sending it (tests: a worker that dies mid-way). */
  claim(limit: number): Promise<ClaimedMail[]>;
}

export interface ClaimedMail {
  id: number;
  to_address: string;
  subject: string;
  body_text: string;
  body_html: string | null;
  attempts: number;
  receiver_contact_id: number | null;
  created_at: Date;
  list_unsubscribe: string | null;
  /** The contact unsubscribed after the mail was queued: it is not sent (status 'skipped'). */
  unsubscribed: boolean;
}

export function retryDelaySeconds(attempts: number): number {
  return RETRY_DELAYS_SECONDS[Math.min(attempts, RETRY_DELAYS_SECONDS.length) - 1];
}

/**
 * The durable mail outbox: all state is in mail_outbox, so a restart loses nothing. Claims take a lease by moving
 * next_attempt_at forward, with `for update skip locked` so several server processes share the queue on
 * PostgreSQL (the same statement runs on PGlite, which has one connection). Delivery is at least once: a process
 * killed between the SMTP answer and the update re-sends that one mail after the lease, with the same Message-ID
 * (outboxMessageId), so the contact's mailbox keeps one message (decision 0024).
 */
export function createOutboxWorker(options: OutboxWorkerOptions): OutboxWorker {
  const { db, transport } = options;
  const pollMs = options.pollMs ?? 5000;
  const batchSize = options.batchSize ?? 20;
  const leaseSeconds = options.leaseSeconds ?? CLAIM_LEASE_SECONDS;
  let timer: NodeJS.Timeout | null = null;
  let running: Promise<void> | null = null;
  let again = false;
  let stopped = true;

  async function claim(limit: number): Promise<ClaimedMail[]> {
    const { rows } = await sql<ClaimedMail>`
      update mail_outbox set next_attempt_at = now() + make_interval(secs => ${leaseSeconds})
      where id in (
        select id from mail_outbox where status = 'queued' and next_attempt_at <= now()
        order by next_attempt_at, id limit ${limit} for update skip locked)
      returning id, to_address, subject, body_text, body_html, attempts, receiver_contact_id, created_at,
        list_unsubscribe, exists (select 1 from receiver_contact c where c.id = receiver_contact_id
          and c.unsubscribed_at is not null) as unsubscribed`.execute(db);
    return rows.map((r) => ({ ...r, id: Number(r.id), attempts: Number(r.attempts) }));
  }

  async function deliver(mail: ClaimedMail) {
    if (mail.unsubscribed) {
      await db.updateTable('mail_outbox').set({ status: 'skipped' }).where('id', '=', mail.id).execute();
      return;
    }
    try {
      await transport.send({
        id: mail.id,
        messageId: outboxMessageId(mail, options.from),
        from: options.from,
        to: mail.to_address,
        subject: mail.subject,
        text: mail.body_text,
        html: mail.body_html,
        listUnsubscribe: mail.list_unsubscribe,
      });
    } catch (error) {
      const attempts = mail.attempts + 1;
      const message = (error instanceof Error ? error.message : String(error)).slice(0, 2000);
      const giveUp = attempts >= MAX_ATTEMPTS;
      await db.transaction().execute(async (trx) => {
        await trx
          .updateTable('mail_outbox')
          .set({
            attempts,
            last_error: message,
            status: giveUp ? 'failed' : 'queued',
            next_attempt_at: giveUp
              ? sql<Date>`now()`
              : sql<Date>`now() + make_interval(secs => ${retryDelaySeconds(attempts)})`,
          })
          .where('id', '=', mail.id)
          .execute();
        // The Logs screen: the first failure of a mail and the last (when it is given up), not every retry.
        if (attempts === 1 || giveUp) {
          const what = giveUp
            ? `gave up after ${attempts} attempts`
            : `attempt 1 of ${MAX_ATTEMPTS} failed; retrying in ${retryDelaySeconds(attempts)} s`;
          await trx
            .insertInto('custom_debug_log')
            .values({
              target: 'mail',
              error: `Mail ${mail.id} to ${mail.to_address}: ${what}: ${message}`,
              detail: JSON.stringify({ mail_id: mail.id, attempts, give_up: giveUp }),
            })
            .execute();
        }
      });
      options.log?.error({ mailId: mail.id, attempts, giveUp, err: message }, 'mail delivery failed');
      return;
    }
    await db.transaction().execute(async (trx) => {
      await trx
        .updateTable('mail_outbox')
        .set({ status: 'sent', sent_at: sql<Date>`now()`, attempts: mail.attempts + 1 })
        .where('id', '=', mail.id)
        .execute();
      if (mail.receiver_contact_id !== null) {
        await trx
          .updateTable('receiver_contact')
          .set({ last_mailed_at: sql<Date>`now()` })
          .where('id', '=', mail.receiver_contact_id)
          .execute();
      }
    });
  }

  async function runOnce(): Promise<number> {
    const claimed = await claim(batchSize);
    for (const mail of claimed) await deliver(mail);
    return claimed.length;
  }

  function schedule(delay: number) {
    if (stopped) return;
    if (timer) clearTimeout(timer);
    timer = setTimeout(tick, delay);
    timer.unref?.();
  }

  function tick() {
    timer = null;
    if (stopped) return;
    if (running) {
      again = true;
      return;
    }
    running = (async () => {
      try {
        // Keep going while full batches come back, then rest until the next poll.
        while (!stopped && (await runOnce()) === batchSize) {
          /* next batch */
        }
      } catch (error) {
        options.log?.error({ err: error instanceof Error ? error.message : String(error) }, 'mail outbox pass failed');
      }
    })().finally(() => {
      running = null;
      const soon = again;
      again = false;
      schedule(soon ? 0 : pollMs);
    });
  }

  return {
    start() {
      if (!stopped) return;
      stopped = false;
      schedule(0);
    },
    wake() {
      if (stopped) return;
      if (running) again = true;
      else schedule(0);
    },
    async stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      timer = null;
      await running;
      transport.close();
    },
    runOnce,
    claim,
  };
}
