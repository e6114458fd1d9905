import { createHash, randomBytes } from 'node:crypto';
import {
  ERROR_TYPES,
  INVITATION_DAYS,
  INVITATION_PAGE,
  type ReceiverUserCreate,
  type ReceiverUserUpdate,
} from '@openrescue/shared';
import { sql, type Kysely, type Transaction } from 'kysely';
import type { AppContext } from '../../context.js';
import type { DB } from '../../db/schema.js';
import { badRequest, HttpError, notFound } from '../../lib/http-error.js';
import { invitationMessage } from '../../mail/invitation-message.js';
import type { AuditActor } from '../audit/audit.service.js';
import { recordAudit } from '../audit/audit.service.js';
import { mailOutboxOf } from '../mailing/mailing.outbox.js';
import { listReceiverUsers, type ReceiverUserRecord } from './receiver-users.repository.js';

/**
 * Staff actions on charity (receiver) users and the invitation that lets the person in (decision 0066). Each change
 * and its audit entry commit together; the invitation mail is queued in the same transaction (the outbox sends it).
 */

const conflict = (message: string) => new HttpError(409, ERROR_TYPES.conflict, message);

/** The SHA-256 of an invitation token, as kept in receiver_user_invitation.token_hash. */
export const tokenHash = (token: string) => createHash('sha256').update(token, 'utf8').digest('hex');

async function assertReceiversExist(db: Kysely<DB>, ids: number[]) {
  const found = await db.selectFrom('receiver').select('id').where('id', 'in', ids).execute();
  const have = new Set(found.map((r) => Number(r.id)));
  const missing = ids.find((id) => !have.has(id));
  if (missing !== undefined) throw badRequest(`No receiver with id ${missing}.`, 'receiver_ids');
}

async function oneRecord(db: Kysely<DB>, id: number): Promise<ReceiverUserRecord> {
  const [record] = await listReceiverUsers(db, { ids: [id] });
  if (!record) throw notFound(`No charity user with id ${id}.`);
  return record;
}

const auditView = (r: ReceiverUserRecord) => ({
  email: r.email,
  name: r.name,
  receiver_ids: r.receivers.map((x) => x.id).sort((a, b) => a - b),
});

/** A new invitation: earlier ones of the person stop working; the mail goes to the outbox. */
async function queueInvitation(ctx: AppContext, trx: Transaction<DB>, record: ReceiverUserRecord) {
  const token = randomBytes(32).toString('base64url');
  const expiresAt = new Date(Date.now() + INVITATION_DAYS * 86_400_000);
  await trx
    .updateTable('receiver_user_invitation')
    .set({ replaced_at: sql<Date>`now()` })
    .where('receiver_user_id', '=', record.id)
    .where('used_at', 'is', null)
    .where('replaced_at', 'is', null)
    .execute();
  await trx
    .insertInto('receiver_user_invitation')
    .values({ receiver_user_id: record.id, token_hash: tokenHash(token), expires_at: expiresAt })
    .execute();
  const message = invitationMessage({
    productName: ctx.env.PRODUCT_NAME,
    name: record.name,
    receivers: record.receivers.map((r) => r.name),
    url: `${ctx.origin}${INVITATION_PAGE}?token=${token}`,
    expiresAt,
  });
  await trx
    .insertInto('mail_outbox')
    .values({ to_address: record.email, subject: message.subject, body_text: message.text, body_html: message.html })
    .execute();
  return expiresAt;
}

async function setLinks(trx: Transaction<DB>, id: number, receiverIds: number[]) {
  await trx.deleteFrom('receiver_user_receiver').where('receiver_user_id', '=', id).execute();
  await trx
    .insertInto('receiver_user_receiver')
    .values(receiverIds.map((receiver_id) => ({ receiver_user_id: id, receiver_id })))
    .execute();
}

/**
 * The address is already a charity user's: these receivers join its own (a charity with several sites is one person
 * with one sign-in), as a change on the audit trail; no new invitation.
 */
async function linkMore(ctx: AppContext, actor: AuditActor, userId: string, receiverIds: number[]) {
  const row = await ctx.database.db
    .selectFrom('receiver_user')
    .select('id')
    .where('user_id', '=', userId)
    .executeTakeFirstOrThrow();
  const before = await oneRecord(ctx.database.db, Number(row.id));
  const all = [...new Set([...before.receivers.map((r) => r.id), ...receiverIds])];
  return updateReceiverUser(ctx, actor, before.id, { receiver_ids: all });
}

/** Creates a charity user and invites it; an address that already is one gets these receivers added (created: false). */
export async function createReceiverUser(
  ctx: AppContext,
  actor: AuditActor,
  body: ReceiverUserCreate,
): Promise<{ record: ReceiverUserRecord; created: boolean }> {
  const db = ctx.database.db;
  await assertReceiversExist(db, body.receiver_ids);
  const existing = await db
    .selectFrom('user')
    .select([
      'id',
      'staff',
      sql<boolean>`exists (select 1 from company_user c where c.user_id = "user".id)`.as('company'),
      sql<boolean>`exists (select 1 from receiver_user r where r.user_id = "user".id)`.as('charity'),
    ])
    .where(sql`lower(email)`, '=', body.email)
    .executeTakeFirst();
  if (existing?.staff) throw conflict('This e-mail belongs to a staff account.');
  if (existing?.company) throw conflict('This e-mail belongs to a company user.');
  if (existing?.charity) return { record: await linkMore(ctx, actor, existing.id, body.receiver_ids), created: false };
  let userId = existing?.id;
  if (!userId) {
    const auth = await ctx.auth.$context;
    const user = await auth.internalAdapter.createUser(
      { email: body.email, name: body.name, emailVerified: false, staff: false },
      { method: 'admin' },
    );
    userId = user.id;
  }
  const id = await db.transaction().execute(async (trx) => {
    const row = await trx
      .insertInto('receiver_user')
      .values({ user_id: userId })
      .returning('id')
      .executeTakeFirstOrThrow();
    const newId = Number(row.id);
    await setLinks(trx, newId, body.receiver_ids);
    if (existing) await trx.updateTable('user').set({ name: body.name }).where('id', '=', userId).execute();
    const record = await oneRecord(trx, newId);
    await recordAudit(trx, actor, {
      action: 'receiver_user.create',
      objectType: 'receiver_user',
      objectId: newId,
      after: auditView(record),
    });
    const expiresAt = await queueInvitation(ctx, trx, record);
    await recordAudit(trx, actor, {
      action: 'receiver_user.invite',
      objectType: 'receiver_user',
      objectId: newId,
      detail: { email: record.email, expires_at: expiresAt.toISOString() },
    });
    return newId;
  });
  ctx.repos.receiverUsers.forget(userId);
  mailOutboxOf(ctx)?.wake();
  return { record: await oneRecord(db, id), created: true };
}

export async function updateReceiverUser(
  ctx: AppContext,
  actor: AuditActor,
  id: number,
  body: ReceiverUserUpdate,
): Promise<ReceiverUserRecord> {
  const db = ctx.database.db;
  const before = await oneRecord(db, id);
  if (body.receiver_ids) await assertReceiversExist(db, body.receiver_ids);
  await db.transaction().execute(async (trx) => {
    if (body.name !== undefined) {
      await trx
        .updateTable('user')
        .set({ name: body.name, updatedAt: sql<Date>`now()` })
        .where('id', '=', before.user_id)
        .execute();
    }
    if (body.receiver_ids) await setLinks(trx, id, body.receiver_ids);
    await trx
      .updateTable('receiver_user')
      .set({ updated_at: sql<Date>`now()` })
      .where('id', '=', id)
      .execute();
    const after = await oneRecord(trx, id);
    await recordAudit(trx, actor, {
      action: 'receiver_user.update',
      objectType: 'receiver_user',
      objectId: id,
      before: auditView(before),
      after: auditView(after),
    });
  });
  ctx.repos.receiverUsers.forget(before.user_id);
  return oneRecord(db, id);
}

/** Removes the record and signs the person out everywhere; the sign-in account stays (it reads nothing now). */
export async function deleteReceiverUser(ctx: AppContext, actor: AuditActor, id: number): Promise<void> {
  const db = ctx.database.db;
  const before = await oneRecord(db, id);
  const chains = await db.transaction().execute(async (trx) => {
    await trx.deleteFrom('receiver_user').where('id', '=', id).execute();
    const sessions = await trx
      .deleteFrom('session')
      .where('userId', '=', before.user_id)
      .returning(['id', 'chainId'])
      .execute();
    await recordAudit(trx, actor, {
      action: 'receiver_user.delete',
      objectType: 'receiver_user',
      objectId: id,
      before: auditView(before),
    });
    return sessions.map((s) => s.chainId ?? s.id);
  });
  for (const chain of new Set(chains)) ctx.verifyToken.sessionEnded(chain);
  ctx.repos.receiverUsers.forget(before.user_id);
}

export async function inviteReceiverUser(ctx: AppContext, actor: AuditActor, id: number): Promise<ReceiverUserRecord> {
  const db = ctx.database.db;
  const record = await oneRecord(db, id);
  await db.transaction().execute(async (trx) => {
    const expiresAt = await queueInvitation(ctx, trx, record);
    await recordAudit(trx, actor, {
      action: 'receiver_user.invite',
      objectType: 'receiver_user',
      objectId: id,
      detail: { email: record.email, expires_at: expiresAt.toISOString() },
    });
  });
  mailOutboxOf(ctx)?.wake();
  return oneRecord(db, id);
}

const INVALID_INVITATION = 'This invitation link is not valid any more. Ask for a new one.';

/** The invitation a token names while it can be used: not used, not replaced, not expired. */
async function usableInvitation(db: Kysely<DB>, token: string) {
  const row = await db
    .selectFrom('receiver_user_invitation as i')
    .innerJoin('receiver_user as u', 'u.id', 'i.receiver_user_id')
    .innerJoin('user', 'user.id', 'u.user_id')
    .select(['i.id', 'i.expires_at', 'u.user_id', 'user.email', 'user.name'])
    .where('i.token_hash', '=', tokenHash(token))
    .where('i.used_at', 'is', null)
    .where('i.replaced_at', 'is', null)
    .where('i.expires_at', '>', sql<Date>`now()`)
    .executeTakeFirst();
  if (!row) throw notFound(INVALID_INVITATION);
  return row;
}

export async function checkInvitation(ctx: AppContext, token: string) {
  const row = await usableInvitation(ctx.database.db, token);
  return { email: row.email, name: row.name, expires_at: new Date(row.expires_at).toISOString() };
}

/** Sets the person's password with the token, which is used up whether or not the person signs in next. */
export async function acceptInvitation(ctx: AppContext, token: string, password: string): Promise<{ email: string }> {
  const db = ctx.database.db;
  const row = await usableInvitation(db, token);
  const auth = await ctx.auth.$context;
  const hash = await auth.password.hash(password);
  // Single use: the update that marks it used is the one that wins when two tabs send the form at once.
  const used = await db
    .updateTable('receiver_user_invitation')
    .set({ used_at: sql<Date>`now()` })
    .where('id', '=', row.id)
    .where('used_at', 'is', null)
    .returning('id')
    .executeTakeFirst();
  if (!used) throw notFound(INVALID_INVITATION);
  const credential = await db
    .selectFrom('account')
    .select('id')
    .where('userId', '=', row.user_id)
    .where('providerId', '=', 'credential')
    .executeTakeFirst();
  if (credential) {
    await db
      .updateTable('account')
      .set({ password: hash, updatedAt: sql<Date>`now()` })
      .where('id', '=', credential.id)
      .execute();
  } else {
    await auth.internalAdapter.linkAccount({
      userId: row.user_id,
      providerId: 'credential',
      accountId: row.user_id,
      password: hash,
    });
  }
  await db.updateTable('user').set({ emailVerified: true }).where('id', '=', row.user_id).execute();
  return { email: row.email };
}
