import { createHash, randomBytes } from 'node:crypto';
import {
  ERROR_TYPES,
  INVITATION_DAYS,
  INVITATION_PAGE,
  type ReceiverUserCreate,
  type ReceiverUserUpdate,
} from '@openrescue/shared';
import type { Kysely, Transaction } from 'kysely';
import type { AppContext } from '../../context.js';
import type { DB } from '../../db/schema.js';
import { badRequest, HttpError, notFound } from '../../lib/http-error.js';
import { invitationMessage } from '../../mail/invitation-message.js';
import type { AuditActor } from '../audit/audit.service.js';
import { recordAudit } from '../audit/audit.service.js';
import { mailOutboxOf } from '../mailing/mailing.outbox.js';
import {
  accountByEmail,
  credentialAccount,
  deleteReceiverUserRow,
  deleteSessions,
  insertInvitation,
  insertReceiverUser,
  listReceiverUsers,
  markEmailVerified,
  markInvitationUsed,
  queueMail,
  receiversOf,
  receiverUserIdOf,
  renameUser,
  replaceOpenInvitations,
  setAccountPassword,
  setReceiverLinks,
  setUserName,
  touchReceiverUser,
  usableInvitationByHash,
  type ReceiverUserRecord,
} from './receiver-users.repository.js';

/**
 * Staff actions on charity (receiver) users and the invitation that lets the person in (decision 0066). Each change
 * and its audit entry commit together; the invitation mail is queued in the same transaction (the outbox sends it).
 */

const conflict = (message: string) => new HttpError(409, ERROR_TYPES.conflict, message);

/** The SHA-256 of an invitation token, as kept in receiver_user_invitation.token_hash. */
export const tokenHash = (token: string) => createHash('sha256').update(token, 'utf8').digest('hex');

async function assertReceiversExist(db: Kysely<DB>, ids: number[]) {
  const found = await receiversOf(db, ids);
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
  await replaceOpenInvitations(trx, record.id);
  await insertInvitation(trx, record.id, tokenHash(token), expiresAt);
  const message = invitationMessage({
    productName: ctx.env.PRODUCT_NAME,
    name: record.name,
    receivers: record.receivers.map((r) => r.name),
    url: `${ctx.origin}${INVITATION_PAGE}?token=${token}`,
    expiresAt,
  });
  await queueMail(trx, record.email, message);
  return expiresAt;
}

/**
 * The address is already a charity user's: these receivers join its own (a charity with several sites is one person
 * with one sign-in), as a change on the audit trail; no new invitation.
 */
async function linkMore(ctx: AppContext, actor: AuditActor, userId: string, receiverIds: number[]) {
  const row = await receiverUserIdOf(ctx.database.db, userId);
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
  const existing = await accountByEmail(db, body.email);
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
    const row = await insertReceiverUser(trx, userId);
    const newId = Number(row.id);
    await setReceiverLinks(trx, newId, body.receiver_ids);
    if (existing) await setUserName(trx, userId, body.name);
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
    if (body.name !== undefined) await renameUser(trx, before.user_id, body.name);
    if (body.receiver_ids) await setReceiverLinks(trx, id, body.receiver_ids);
    await touchReceiverUser(trx, id);
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
    await deleteReceiverUserRow(trx, id);
    const sessions = await deleteSessions(trx, before.user_id);
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
  const row = await usableInvitationByHash(db, tokenHash(token));
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
  const used = await markInvitationUsed(db, row.id);
  if (!used) throw notFound(INVALID_INVITATION);
  const credential = await credentialAccount(db, row.user_id);
  if (credential) {
    await setAccountPassword(db, credential.id, hash);
  } else {
    await auth.internalAdapter.linkAccount({
      userId: row.user_id,
      providerId: 'credential',
      accountId: row.user_id,
      password: hash,
    });
  }
  await markEmailVerified(db, row.user_id);
  return { email: row.email };
}
