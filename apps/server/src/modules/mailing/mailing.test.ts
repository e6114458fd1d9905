import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMailTransport } from '../../mail/mail-transport.js';
import { createOutboxWorker } from '../../mail/outbox-worker.js';
import { LIST, type MailingFixture, MONTH, SEND, setUpMailing } from '../../test-support/fixtures/mailing.js';
import { waitUntil } from '../../test-support/smtp-server.js';
import type { DemoRole } from '../../test-support/test-app.js';
import { publicReportLink } from '../public-links/public-links.service.js';
import { mailOutboxOf } from './mailing.outbox.js';

let f: MailingFixture;
beforeAll(async () => {
  f = await setUpMailing();
});
afterAll(async () => f?.close());

describe('charity poster contacts list', () => {
  it('lists contacts with the receiver name and its public report link (staff only)', async () => {
    const res = await f.get('staff', `${LIST}?with_receiver_id=${f.receiverId}`);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.count).toBeGreaterThanOrEqual(2);
    expect(body.next).toBeNull();
    const link = await publicReportLink(f.t.ctx, 'receiver', f.receiverId);
    const { name } = await f.t.database.db
      .selectFrom('receiver')
      .select('name')
      .where('id', '=', f.receiverId)
      .executeTakeFirstOrThrow();
    for (const c of body.results) {
      expect(Object.keys(c).sort()).toEqual([
        'email',
        'first_name',
        'id',
        'organization_name',
        'receiver_id',
        'report_type',
        'report_url',
        'unsubscribed_at',
      ]);
      expect(c).toMatchObject({ organization_name: name, report_url: link, receiver_id: f.receiverId });
    }
    const [first] = body.results;
    const byId = (await f.get('staff', `${LIST}?id=${first.id}`)).json();
    expect(byId).toMatchObject({ count: 1, results: [first] });
    expect((await f.get('staff', `${LIST}?id=${first.id}&with_company_id=999999`)).json().count).toBe(0);
    expect((await f.get('company', LIST)).statusCode).toBe(403);
    expect((await f.t.app.inject({ method: 'GET', url: LIST })).statusCode).toBe(401);
  });

  it('says how many mails a send queues: mailers leaves out unsubscribed contacts (issue 36)', async () => {
    const listed = (await f.get('staff', `${LIST}?page_size=1`)).json();
    expect(listed.mailers).toBeGreaterThan(0);
    expect(listed.mailers).toBeLessThanOrEqual(listed.count);
    const { rows } = await sql<{ id: number }>`select min(id) as id from receiver_contact
      where unsubscribed_at is null`.execute(f.t.database.db);
    const contactId = Number(rows[0].id);
    await sql`update receiver_contact set unsubscribed_at = now() where id = ${contactId}`.execute(f.t.database.db);
    try {
      const after = (await f.get('staff', `${LIST}?page_size=1`)).json();
      expect(after.count).toBe(listed.count);
      expect(after.mailers).toBe(listed.mailers - 1);
      // One mail per receiver and address not unsubscribed, as the send queues them (tests below send for real).
      const filtered = (await f.get('staff', `${LIST}?with_receiver_id=${f.receiverId}`)).json();
      const { rows: wanted } = await sql<{ n: string }>`select count(distinct lower(email)) as n from receiver_contact
        where receiver_id = ${f.receiverId} and unsubscribed_at is null`.execute(f.t.database.db);
      expect(filtered.mailers).toBe(Number(wanted[0].n));
    } finally {
      await sql`update receiver_contact set unsubscribed_at = null where id = ${contactId}`.execute(f.t.database.db);
    }
  });

  it('filters by company (receivers linked to its stores), pages by 50 and refuses bad filters', async () => {
    const all = (await f.get('staff', LIST)).json();
    const { rows } = await sql<{ n: number }>`select count(*) as n from receiver_contact c where exists (
      select 1 from store_receiver x join store s on s.id = x.store_id where x.receiver_id = c.receiver_id and s.company_id = 1)`.execute(
      f.t.database.db,
    );
    const company = (await f.get('staff', `${LIST}?with_company_id=1&page_size=9999`)).json();
    expect(company.count).toBe(Number(rows[0].n));
    expect(company.count).toBeLessThan(all.count);
    expect(all.results.length).toBe(Math.min(50, all.count));
    const paged = (await f.get('staff', `${LIST}?page_size=2`)).json();
    expect(paged.next).toBe(`${LIST}?page_size=2&page=2`);
    expect((await f.get('staff', `${LIST}?with_company_id=abc`)).statusCode).toBe(400);
    expect((await f.get('staff', `${LIST}?bogus=1`)).statusCode).toBe(400);
  });
});

describe('charity poster mail send', () => {
  it('queues one mail per contact and delivers it over SMTP with the report link', async () => {
    const res = await f.post({ with_receiver_id: f.receiverId, month: '2026-09' });
    expect(res.statusCode).toBe(200);
    const { mailers, send_id: sendId } = res.json().result;
    expect(mailers).toBe(await f.distinctEmails(f.receiverId));
    await waitUntil(() => f.smtp.received.length >= mailers, 15_000, 'mail delivery');
    const rows = await f.outbox(sendId);
    expect(rows).toHaveLength(mailers);
    await waitUntil(async () => (await f.outbox(sendId)).every((r) => r.status === 'sent'), 5000, 'sent marks');
    const link = await publicReportLink(f.t.ctx, 'receiver', f.receiverId);
    const { name } = await f.t.database.db
      .selectFrom('receiver')
      .select('name')
      .where('id', '=', f.receiverId)
      .executeTakeFirstOrThrow();
    const recipients = f.smtp.received.map((m) => m.envelopeTo[0]).sort();
    expect(recipients).toEqual(rows.map((r) => r.to_address).sort());
    for (const mail of f.smtp.received) {
      expect(mail.parsed.to?.[0]?.address).toBe(mail.envelopeTo[0]);
      expect(mail.parsed.subject).toBe(`Your September 2026 food rescue report from ${name}`);
      // The link opens the month the mail announces (issue 34), not the latest one.
      expect(mail.parsed.text).toContain(`${link}&month=2026-09-01`);
      expect(mail.parsed.html).toContain(`${link}&month=2026-09-01`.replace(/&/g, '&amp;'));
      expect(mail.parsed.from?.address).toBe(f.t.ctx.env.SUPPORT_EMAIL);
    }
  });

  it('a second POST is a new send; a retry with the same Idempotency-Key queues nothing twice', async () => {
    const before = f.smtp.received.length;
    const first = (await f.post({ with_receiver_id: f.receiverId, month: MONTH })).json().result;
    const second = (await f.post({ with_receiver_id: f.receiverId, month: MONTH })).json().result;
    expect(second.send_id).not.toBe(first.send_id);
    expect(second.mailers).toBe(first.mailers);
    const keyed = (
      await f.post({ with_receiver_id: String(f.receiverId), month: MONTH }, { 'idempotency-key': 'k-1' })
    ).json().result;
    const retried = (
      await f.post({ with_receiver_id: String(f.receiverId), month: MONTH }, { 'idempotency-key': 'k-1' })
    ).json().result;
    expect(retried).toEqual(keyed);
    expect(await f.outbox(keyed.send_id)).toHaveLength(keyed.mailers);
    await waitUntil(() => f.smtp.received.length >= before + 3 * first.mailers, 15_000, 'three sends');
    await new Promise((r) => setTimeout(r, 300));
    expect(f.smtp.received.length).toBe(before + 3 * first.mailers);
  });

  it('answers 400 for bad filters, 403 for non-staff and mailers 0 without contacts', async () => {
    expect((await f.post({ with_company_id: 'x', month: MONTH })).statusCode).toBe(400);
    expect((await f.post({ with_receiver_id: f.receiverId, month: '2026-13' })).statusCode).toBe(400);
    expect((await f.post({ with_receiver_id: f.receiverId, month: MONTH, unknown: 1 })).statusCode).toBe(400);
    expect((await f.post({ with_receiver_id: f.receiverId, month: MONTH }, {}, 'company')).statusCode).toBe(403);
    const none = await f.post({ with_receiver_id: 999_999, month: MONTH });
    expect(none.statusCode).toBe(200);
    expect(none.json().result.mailers).toBe(0);
  });

  it('names what it sends: an empty or incomplete body answers 400 and queues nothing (issue 32 item 7)', async () => {
    const before = await f.outboxSize();
    const auth = { authorization: `Bearer ${f.tokens.staff}` };
    // A body-less POST, as a cross-site form or fetch would send it: it used to mail every contact.
    const bare = await f.t.app.inject({ method: 'POST', url: SEND, headers: auth });
    expect(bare.statusCode, bare.body).toBe(400);
    expect(bare.json()).toMatchObject({ type: 'validation_error' });
    const incomplete: unknown[] = [
      {},
      null,
      { month: MONTH },
      { with_company_id: null, with_receiver_id: null, month: MONTH },
      { with_company_id: '', month: MONTH },
      { all: true, month: MONTH },
      { all: false, month: MONTH, contacts: 5 },
      { all: true, contacts: 5 },
      { with_receiver_id: f.receiverId },
      { all: true, with_receiver_id: f.receiverId, month: MONTH, contacts: 2 },
      { all: true, month: MONTH, contacts: 0 },
      { all: true, month: MONTH, contacts: '5' },
    ];
    for (const body of incomplete) {
      const res = await f.t.app.inject({
        method: 'POST',
        url: SEND,
        headers: { ...auth, 'content-type': 'application/json' },
        payload: JSON.stringify(body),
      });
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(Object.keys(res.json()).sort()).toEqual(['detail', 'message', 'type']);
    }
    expect(await f.outboxSize()).toBe(before);
  });

  it('all: true sends only when the confirmed count is the number of contacts now (else 409, nothing queued)', async () => {
    // (the sends to every contact below, with the right count, are the killed-worker and two-worker tests)
    const before = await f.outboxSize();
    const body = await f.everyone();
    for (const contacts of [body.contacts - 1, body.contacts + 1]) {
      const stale = await f.post({ ...body, contacts });
      expect(stale.statusCode, stale.body).toBe(409);
      expect(stale.json()).toMatchObject({ type: 'conflict' });
      expect(stale.json().message).toContain(String(body.contacts));
    }
    // A filter with a count is checked the same way.
    const receiver = (await f.get('staff', `${LIST}?with_receiver_id=${f.receiverId}`)).json().count as number;
    expect((await f.post({ with_receiver_id: f.receiverId, month: MONTH, contacts: receiver + 1 })).statusCode).toBe(
      409,
    );
    expect(await f.outboxSize()).toBe(before);
  });

  it('a refusing SMTP server: attempts, backoff and last_error; nothing lost once it accepts again', async () => {
    f.smtp.rejectRecipients = true;
    const before = f.smtp.received.length;
    const { mailers, send_id: sendId } = (await f.post({ with_receiver_id: f.receiverId, month: MONTH })).json().result;
    await waitUntil(async () => (await f.outbox(sendId)).every((r) => r.attempts === 1), 15_000, 'first attempts');
    for (const row of await f.outbox(sendId)) {
      expect(row.status).toBe('queued');
      expect(row.last_error).toMatch(/550/);
      const wait = (new Date(row.next_attempt_at).getTime() - Date.now()) / 1000;
      expect(wait).toBeGreaterThan(20);
      expect(wait).toBeLessThan(40);
    }
    // Due again: the second failure waits 2 minutes.
    await sql`update mail_outbox set next_attempt_at = now() where send_id = ${sendId}`.execute(f.t.database.db);
    mailOutboxOf(f.t.ctx)?.wake();
    await waitUntil(async () => (await f.outbox(sendId)).every((r) => r.attempts === 2), 15_000, 'second attempts');
    const wait = (new Date((await f.outbox(sendId))[0].next_attempt_at).getTime() - Date.now()) / 1000;
    expect(wait).toBeGreaterThan(100);
    // The last allowed attempt of one mail fails for good.
    const [last, ...rest] = await f.outbox(sendId);
    await sql`update mail_outbox set attempts = 7, next_attempt_at = now() where id = ${last.id}`.execute(
      f.t.database.db,
    );
    mailOutboxOf(f.t.ctx)?.wake();
    await waitUntil(async () => (await f.outbox(sendId))[0].status === 'failed', 15_000, 'give up');
    expect((await f.outbox(sendId))[0]).toMatchObject({ attempts: 8, status: 'failed' });
    // The server recovers: every other mail is delivered, once.
    f.smtp.rejectRecipients = false;
    await sql`update mail_outbox set next_attempt_at = now() where send_id = ${sendId} and status = 'queued'`.execute(
      f.t.database.db,
    );
    mailOutboxOf(f.t.ctx)?.wake();
    await waitUntil(
      async () => (await f.outbox(sendId)).filter((r) => r.status === 'sent').length === rest.length,
      15_000,
      'recovery',
    );
    expect(f.smtp.received.length).toBe(before + mailers - 1);
  });

  it('a worker killed mid-way: its claimed mail is sent after the lease, nothing twice', async () => {
    await mailOutboxOf(f.t.ctx)?.stop();
    const before = f.smtp.received.length;
    const { mailers, send_id: sendId } = (await f.post(await f.everyone())).json().result;
    expect(mailers).toBeGreaterThan(4);
    const options = { db: f.t.database.db, from: 'test <t@example.test>', batchSize: 1000 };
    const dead = createOutboxWorker({
      ...options,
      transport: createMailTransport({ smtpUrl: f.smtp.url, dataDir: '/nonexistent' }),
    });
    const claimed = await dead.claim(2);
    expect(claimed).toHaveLength(2);
    const restarted = createOutboxWorker({
      ...options,
      transport: createMailTransport({ smtpUrl: f.smtp.url, dataDir: '/nonexistent' }),
    });
    expect(await restarted.runOnce()).toBe(mailers - 2);
    expect(await restarted.runOnce()).toBe(0);
    // The lease of the dead worker runs out.
    await sql`update mail_outbox set next_attempt_at = now() where status = 'queued'`.execute(f.t.database.db);
    expect(await restarted.runOnce()).toBe(2);
    expect(await restarted.runOnce()).toBe(0);
    await restarted.stop();
    const rows = await f.outbox(sendId);
    expect(rows.every((r) => r.status === 'sent' && r.attempts === 1)).toBe(true);
    expect(f.smtp.received.length).toBe(before + mailers);
    const sentTo = f.smtp.received
      .slice(before)
      .map((m) => m.envelopeTo[0])
      .sort();
    expect(sentTo).toEqual(rows.map((r) => r.to_address).sort());
  });

  it('two workers at once share the queue (skip locked): every mail sent exactly once', async () => {
    const before = f.smtp.received.length;
    const { mailers, send_id: sendId } = (await f.post(await f.everyone())).json().result;
    const worker = () =>
      createOutboxWorker({
        db: f.t.database.db,
        from: 'test <t@example.test>',
        batchSize: 3,
        transport: createMailTransport({ smtpUrl: f.smtp.url, dataDir: '/nonexistent' }),
      });
    const [a, b] = [worker(), worker()];
    const drain = async (w: ReturnType<typeof worker>) => {
      let n = 0;
      for (let got = await w.runOnce(); got > 0; got = await w.runOnce()) n += got;
      return n;
    };
    const [na, nb] = await Promise.all([drain(a), drain(b)]);
    await Promise.all([a.stop(), b.stop()]);
    expect(na + nb).toBe(mailers);
    expect((await f.outbox(sendId)).every((r) => r.status === 'sent' && r.attempts === 1)).toBe(true);
    expect(f.smtp.received.length).toBe(before + mailers);
  });

  it("one-click unsubscribe: the mail's signed link marks the contact, sends skip it until staff re-enable it", async () => {
    // The app's worker was stopped above; this one sends when told.
    const worker = createOutboxWorker({
      db: f.t.database.db,
      from: 'test <t@example.test>',
      batchSize: 1000,
      transport: createMailTransport({ smtpUrl: f.smtp.url, dataDir: '/nonexistent' }),
    });
    const before = f.smtp.received.length;
    const first = (await f.post({ with_receiver_id: f.receiverId, month: MONTH })).json().result;
    await worker.runOnce();
    const mail = f.smtp.received[before];
    const header = (key: string) => mail.parsed.headers.find((h) => h.key === key)?.value ?? '';
    expect(header('auto-submitted')).toBe('auto-generated');
    expect(header('list-unsubscribe-post')).toBe('List-Unsubscribe=One-Click');
    const path = /^<http:\/\/localhost:8080(\/core-api\/api\/mail\/unsubscribe\?t=[\w.-]+)>$/.exec(
      header('list-unsubscribe'),
    )![1];
    const address = mail.envelopeTo[0];
    const state = async () =>
      (await f.get('staff', `${LIST}?with_receiver_id=${f.receiverId}`))
        .json()
        .results.filter((c: { email: string }) => c.email === address) as Array<{
        id: number;
        unsubscribed_at: string | null;
      }>;
    // A GET (a person, or a link checker) changes nothing: it leads to the page that asks first.
    const look = await f.t.app.inject({ method: 'GET', url: path });
    expect(look.statusCode).toBe(303);
    expect(look.headers.location).toMatch(/^\/public\/unsubscribe\?t=\d+\.[\w-]{22}$/);
    expect((await state()).every((c) => c.unsubscribed_at === null)).toBe(true);

    const queued = (await f.post({ with_receiver_id: f.receiverId, month: MONTH })).json().result;
    // The mail client's one-click POST (RFC 8058): a form body, no credentials.
    const click = (url: string) =>
      f.t.app.inject({
        method: 'POST',
        url,
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: 'List-Unsubscribe=One-Click',
      });
    const done = await click(path);
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json().email).toBe(address);
    expect((await click(path.replace(/.$/, (c) => (c === 'A' ? 'B' : 'A')))).statusCode).toBe(404);
    expect((await state()).every((c) => c.unsubscribed_at !== null)).toBe(true);
    // Queued before the click, sent after it: skipped. Later sends leave the contact out.
    await worker.runOnce();
    const skipped = (await f.outbox(queued.send_id)).filter((r) => r.to_address === address);
    expect(skipped.map((r) => r.status)).toEqual(['skipped']);
    expect(f.smtp.received.slice(before + first.mailers).map((m) => m.envelopeTo[0])).not.toContain(address);
    expect((await f.post({ with_receiver_id: f.receiverId, month: MONTH })).json().result.mailers).toBe(
      first.mailers - 1,
    );

    const [contact] = await state();
    const again = (who: DemoRole) =>
      f.t.app.inject({
        method: 'POST',
        url: `${LIST}${contact.id}/resubscribe`,
        headers: { authorization: `Bearer ${f.tokens[who]}` },
      });
    expect((await again('company')).statusCode).toBe(403);
    const back = await again('staff');
    expect(back.statusCode, back.body).toBe(200);
    expect(back.json()).toMatchObject({ id: contact.id, unsubscribed_at: null });
    expect((await state()).every((c) => c.unsubscribed_at === null)).toBe(true);
    expect((await f.post({ with_receiver_id: f.receiverId, month: MONTH })).json().result.mailers).toBe(first.mailers);
    await worker.stop();
  });
});
