import { createHash } from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestSmtpServer, type TestSmtpServer, waitUntil } from '../../test-support/smtp-server.js';
import { buildTestApp, signIn, TEST_ORIGIN, type TestApp } from '../../test-support/test-app.js';

/**
 * Charity (receiver) users end to end over HTTP (issue 37 section 1, decision 0066): staff create one, the
 * invitation goes through the outbox to a real SMTP server, the person sets a password with it and signs in, and
 * then reads its receivers' data only.
 */
let t: TestApp;
let smtp: TestSmtpServer;
let staff: Record<string, string>;
/** The two busiest receivers (the charity's two sites) and a third that is another charity's. */
let r1: number;
let r2: number;
let other: number;

beforeAll(async () => {
  smtp = await startTestSmtpServer();
  t = await buildTestApp({ SMTP_URL: smtp.url, LOGIN_RATE_LIMIT_PER_MINUTE: '1000' }, { demo: 1000 });
  staff = { authorization: `Bearer ${(await signIn(t.app, 'staff@openrescue.test', 'demo-staff')).token}` };
  const { rows } = await sql<{ id: number }>`select receiver_id as id from donation group by 1
    order by count(*) desc, 1 limit 3`.execute(t.database.db);
  [r1, r2, other] = rows.map((r) => Number(r.id));
}, 120_000);
afterAll(async () => {
  await t?.close();
  await smtp?.close();
});

const inject = (method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, headers = staff, payload?: unknown) =>
  t.app.inject({ method, url, headers, ...(payload === undefined ? {} : { payload: payload as object }) });

const counts = async () => {
  const { rows } = await sql<{ users: number; links: number; invitations: number; mail: number; audit: number }>`select
    (select count(*)::int from receiver_user) as users, (select count(*)::int from receiver_user_receiver) as links,
    (select count(*)::int from receiver_user_invitation) as invitations, (select count(*)::int from mail_outbox) as mail,
    (select count(*)::int from audit_event) as audit`.execute(t.database.db);
  return rows[0];
};

/** The invitation token of the newest mail to this address, read from the mail as the person gets it. */
async function invitationTokenFor(email: string, after: number): Promise<string> {
  await waitUntil(() => smtp.received.slice(after).some((m) => m.envelopeTo.includes(email)), 15_000, 'invitation');
  const mail = smtp.received.slice(after).find((m) => m.envelopeTo.includes(email))!;
  const match = /\/invitation\?token=([A-Za-z0-9_-]{43})/.exec(mail.parsed.text ?? '');
  expect(match, mail.parsed.text).not.toBeNull();
  expect(mail.parsed.subject).toContain('account for');
  return match![1];
}

const bearer = async (email: string, password: string) => ({
  authorization: `Bearer ${(await signIn(t.app, email, password)).token}`,
});

describe('charity (receiver) users', () => {
  let id: number;
  let token: string;
  let charity: Record<string, string>;

  it('refuses bad input with a 400 and changes nothing', async () => {
    const before = await counts();
    for (const body of [
      { email: 'not-an-address', name: 'X', receiver_ids: [r1] },
      { email: 'a@b.test', name: '', receiver_ids: [r1] },
      { email: 'a@b.test', name: 'X', receiver_ids: [] },
      { email: 'a@b.test', name: 'X', receiver_ids: [r1, r1] },
      { email: 'a@b.test', name: 'X', receiver_ids: [999_999] },
      { email: 'a@b.test', name: 'X', receiver_ids: [r1], staff: true },
    ]) {
      const res = await inject('POST', '/ops-api/receiver-users', staff, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
    }
    expect(await counts()).toEqual(before);
  });

  it('refuses an address that is staff or a company user (409)', async () => {
    const before = await counts();
    for (const email of ['staff@openrescue.test', 'company@openrescue.test']) {
      const res = await inject('POST', '/ops-api/receiver-users', staff, { email, name: 'X', receiver_ids: [r1] });
      expect(res.statusCode, email).toBe(409);
    }
    expect(await counts()).toEqual(before);
  });

  it('creates a charity user of two receivers and mails the invitation through the outbox', async () => {
    const before = await counts();
    const sent = smtp.received.length;
    const res = await inject('POST', '/ops-api/receiver-users', staff, {
      email: 'Dana.Director@Food-Bank.test',
      name: 'Dana Director',
      receiver_ids: [r1, r2],
    });
    expect(res.statusCode, res.body).toBe(201);
    const body = res.json();
    id = body.id;
    expect(body).toMatchObject({
      email: 'dana.director@food-bank.test',
      name: 'Dana Director',
      invitation: { state: 'pending' },
      signed_in: false,
    });
    expect(body.receivers.map((r: { id: number }) => r.id).sort()).toEqual([r1, r2].sort());
    expect(await counts()).toMatchObject({
      users: before.users + 1,
      links: before.links + 2,
      invitations: before.invitations + 1,
      mail: before.mail + 1,
      audit: before.audit + 2,
    });
    token = await invitationTokenFor('dana.director@food-bank.test', sent);
    // Hashed at rest: the database holds the token's SHA-256, never the token.
    const stored = await t.database.db.selectFrom('receiver_user_invitation').selectAll().execute();
    expect(stored.some((r) => r.token_hash === createHash('sha256').update(token).digest('hex'))).toBe(true);
    expect(JSON.stringify(stored)).not.toContain(token);
    const audit = await t.database.db
      .selectFrom('audit_event')
      .select(['action', 'actor_label', 'after'])
      .where('object_type', '=', 'receiver_user')
      .where('object_id', '=', String(id))
      .orderBy('id')
      .execute();
    expect(audit.map((a) => a.action)).toEqual(['receiver_user.create', 'receiver_user.invite']);
    expect(audit[0].actor_label).toBe('staff@openrescue.test');
    // The receiver's detail panel lists it under both receivers.
    for (const receiver of [r1, r2]) {
      const list = await inject('GET', `/ops-api/receiver-users?receiver_id=${receiver}`);
      expect(list.json().results.map((u: { id: number }) => u.id)).toContain(id);
    }
    expect((await inject('GET', `/ops-api/receiver-users?receiver_id=999999`)).statusCode).toBe(404);
  });

  it("adding an existing charity user's address to another receiver links it there too, without a new mail", async () => {
    const before = await counts();
    const res = await inject('POST', '/ops-api/receiver-users', staff, {
      email: 'dana.director@food-bank.test',
      name: 'Dana Director',
      receiver_ids: [r2],
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().id).toBe(id);
    expect(await counts()).toMatchObject({ users: before.users, mail: before.mail, audit: before.audit + 1 });
  });

  it('a new invitation ends the earlier one', async () => {
    const sent = smtp.received.length;
    const res = await inject('POST', `/ops-api/receiver-users/${id}/invitation`);
    expect(res.statusCode, res.body).toBe(200);
    const fresh = await invitationTokenFor('dana.director@food-bank.test', sent);
    expect(fresh).not.toBe(token);
    const old = await inject('POST', '/core-api/api/invitations/check', {}, { token });
    expect(old.statusCode).toBe(404);
    token = fresh;
  });

  it('the invitation sets a password once; the person signs in and reads its own record', async () => {
    const check = await inject('POST', '/core-api/api/invitations/check', {}, { token });
    expect(check.statusCode, check.body).toBe(200);
    expect(check.json()).toMatchObject({ email: 'dana.director@food-bank.test', name: 'Dana Director' });
    expect(
      (await inject('POST', '/core-api/api/invitations/accept', {}, { token, password: 'short' })).statusCode,
    ).toBe(400);
    const accept = await inject(
      'POST',
      '/core-api/api/invitations/accept',
      {},
      { token, password: 'a-long-password-1' },
    );
    expect(accept.statusCode, accept.body).toBe(200);
    // Single use.
    const again = await inject('POST', '/core-api/api/invitations/accept', {}, { token, password: 'another-pass-2' });
    expect(again.statusCode).toBe(404);
    charity = await bearer('dana.director@food-bank.test', 'a-long-password-1');
    const me = await inject('GET', '/core-api/api/clients/receiver_user', charity);
    expect(me.statusCode).toBe(200);
    const record = me.json().results[0];
    expect(record.receivers.map((r: { id: number }) => r.id).sort()).toEqual([r1, r2].sort());
    for (const r of record.receivers) expect(r.report_url).toMatch(new RegExp(`/public/charity/${r.id}/reports\\?tk=`));
    const list = await inject('GET', `/ops-api/receiver-users?receiver_id=${r1}`);
    expect(list.json().results.find((u: { id: number }) => u.id === id).invitation.state).toBe('accepted');
  });

  it('an expired invitation opens nothing', async () => {
    const sent = smtp.received.length;
    await inject('POST', `/ops-api/receiver-users/${id}/invitation`);
    const late = await invitationTokenFor('dana.director@food-bank.test', sent);
    await t.database.db
      .updateTable('receiver_user_invitation')
      .set({ expires_at: new Date(Date.now() - 1000) })
      .where('used_at', 'is', null)
      .execute();
    expect((await inject('POST', '/core-api/api/invitations/check', {}, { token: late })).statusCode).toBe(404);
    const accept = await inject(
      'POST',
      '/core-api/api/invitations/accept',
      {},
      { token: late, password: 'x-long-pass' },
    );
    expect(accept.statusCode).toBe(404);
  });

  it("reads its receivers' food only: totals by donor store equal the raw rows, no money saved", async () => {
    const q = 'annotate=from_store_id&annotate_metrics=true&page_size=10000';
    const res = await inject('GET', `/core-api/api/retail/reports/donation_totals?${q}`, charity);
    expect(res.statusCode, res.body).toBe(200);
    const { rows } = await sql<{ store: number; kg: string; meals: string }>`select store_id as store,
      sum(weight_kg)::text as kg, sum(meals_provided)::text as meals from donation where receiver_id in (${r1}, ${r2})
      group by 1 order by 1`.execute(t.database.db);
    expect(rows.length).toBeGreaterThan(0);
    const results = res.json().results as Record<string, number>[];
    expect(results.map((r) => r.from_store_id)).toEqual(rows.map((r) => r.store));
    results.forEach((r, i) => {
      expect(r.weight_kg__sum).toBeCloseTo(Number(rows[i].kg), 6);
      expect(r.meals_provided__sum).toBeCloseTo(Number(rows[i].meals), 4);
    });
    expect(results.every((r) => !('money_saved__sum' in r))).toBe(true);
    // Each site alone, and another charity's receiver answers like a missing one.
    expect((await inject('GET', `/core-api/api/reports/monthly/receiver/${r2}`, charity)).statusCode).toBe(200);
    const foreign = await inject('GET', `/core-api/api/reports/monthly/receiver/${other}`, charity);
    const missing = await inject('GET', '/core-api/api/reports/monthly/receiver/999999', charity);
    expect([foreign.statusCode, missing.statusCode]).toEqual([404, 404]);
    expect(foreign.json().message.replace(String(other), 'X')).toBe(missing.json().message.replace('999999', 'X'));
    // Store pages and the console are closed to it.
    const { rows: stores } = await sql<{ id: number }>`select store_id as id from store_receiver
      where receiver_id = ${r1} limit 1`.execute(t.database.db);
    expect((await inject('GET', `/core-api/api/reports/monthly/store/${stores[0].id}`, charity)).statusCode).toBe(404);
    expect((await inject('GET', `/core-api/api/reports/poster/${stores[0].id}`, charity)).statusCode).toBe(404);
    expect((await inject('GET', `/ops-api/receiver-users?receiver_id=${r1}`, charity)).statusCode).toBe(403);
  });

  it('staff change the name and receivers; the change reaches the charity at once', async () => {
    const res = await inject('PATCH', `/ops-api/receiver-users/${id}`, staff, { name: 'Dana D.', receiver_ids: [r1] });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ name: 'Dana D.', receivers: [{ id: r1 }] });
    expect((await inject('GET', `/core-api/api/reports/monthly/receiver/${r2}`, charity)).statusCode).toBe(404);
    const bad = await inject('PATCH', `/ops-api/receiver-users/${id}`, staff, { receiver_ids: [] });
    expect(bad.statusCode).toBe(400);
    expect((await inject('PATCH', '/ops-api/receiver-users/999999', staff, { name: 'X' })).statusCode).toBe(404);
    const entry = await t.database.db
      .selectFrom('audit_event')
      .select(['before', 'after'])
      .where('action', '=', 'receiver_user.update')
      .where('object_id', '=', String(id))
      .executeTakeFirstOrThrow();
    expect(entry.before).toMatchObject({ name: 'Dana Director', receiver_ids: [r1, r2].sort((a, b) => a - b) });
    expect(entry.after).toMatchObject({ name: 'Dana D.', receiver_ids: [r1] });
  });

  it('removing the charity user signs the person out and leaves it nothing to read', async () => {
    const cookieSession = await signIn(t.app, 'dana.director@food-bank.test', 'a-long-password-1');
    const res = await inject('DELETE', `/ops-api/receiver-users/${id}`);
    expect(res.statusCode, res.body).toBe(204);
    expect((await inject('GET', `/core-api/api/reports/monthly/receiver/${r1}`, charity)).statusCode).toBe(401);
    const refresh = await t.app.inject({
      method: 'POST',
      url: '/core-api/api/session/token',
      headers: { cookie: cookieSession.cookie, origin: TEST_ORIGIN },
    });
    expect(refresh.statusCode).toBe(401);
    const list = await inject('GET', `/ops-api/receiver-users?receiver_id=${r1}`);
    expect(list.json().results.map((u: { id: number }) => u.id)).not.toContain(id);
    expect((await inject('DELETE', `/ops-api/receiver-users/${id}`)).statusCode).toBe(404);
    const audit = await t.database.db
      .selectFrom('audit_event')
      .select('action')
      .where('action', '=', 'receiver_user.delete')
      .where('object_id', '=', String(id))
      .execute();
    expect(audit).toHaveLength(1);
  });

  it('the demo charity user reads its one receiver', async () => {
    const demo = await bearer('charity@openrescue.test', 'demo-charity');
    const me = (await inject('GET', '/core-api/api/clients/receiver_user', demo)).json();
    expect(me.results[0].receivers).toHaveLength(1);
    const receiver = me.results[0].receivers[0].id;
    const report = await inject('GET', `/core-api/api/reports/monthly/receiver/${receiver}`, demo);
    expect(report.statusCode).toBe(200);
    expect((await inject('GET', '/core-api/api/clients/company_user', demo)).json().results).toEqual([]);
  });
});
