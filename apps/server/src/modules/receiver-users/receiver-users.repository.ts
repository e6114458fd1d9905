import { sql, type Kysely, type Transaction } from 'kysely';
import { CHAIN_RECHECK_MS } from '../../auth/chain-liveness.js';
import type { DB } from '../../db/schema.js';
import { createRecheckedReads } from '../../lib/rechecked-reads.js';
import type { MessageContent } from '../../mail/charity-report-message.js';

/** The signed-in side of a receiver user: which receivers the account reads (decision 0066). */
export interface ReceiverUserScopeRow {
  id: number;
  receiverIds: number[];
}

/**
 * A charity user's record, read on every client request of an account without a company user record. Like company
 * users (decision 0030), a read is trusted for CHAIN_RECHECK_MS; staff changes call forget() on this process.
 */
export function createReceiverUsersRepository(db: Kysely<DB>, recheckMs = CHAIN_RECHECK_MS) {
  async function read(userId: string): Promise<ReceiverUserScopeRow | null> {
    const rows = await db
      .selectFrom('receiver_user as u')
      .leftJoin('receiver_user_receiver as l', 'l.receiver_user_id', 'u.id')
      .select(['u.id', 'l.receiver_id'])
      .where('u.user_id', '=', userId)
      .orderBy('l.receiver_id')
      .execute();
    if (!rows.length) return null;
    return {
      id: Number(rows[0].id),
      receiverIds: rows.filter((r) => r.receiver_id !== null).map((r) => Number(r.receiver_id)),
    };
  }

  const reads = createRecheckedReads(read, recheckMs);
  return { findByUserId: reads.get, forget: reads.forget };
}

export type ReceiverUsersRepository = ReturnType<typeof createReceiverUsersRepository>;

export interface ReceiverUserRecord {
  id: number;
  user_id: string;
  email: string;
  name: string;
  receivers: { id: number; name: string }[];
  invitation: { state: 'pending' | 'accepted' | 'expired' | 'none'; sent_at: string | null; expires_at: string | null };
  signed_in: boolean;
}

const iso = (v: Date | string | null) => (v === null ? null : new Date(v).toISOString());

/** The staff view of receiver users: with their receivers and the state of their latest invitation. */
export async function listReceiverUsers(
  db: Kysely<DB>,
  where: { receiverId?: number; ids?: number[] },
): Promise<ReceiverUserRecord[]> {
  let q = db
    .selectFrom('receiver_user as u')
    .innerJoin('user', 'user.id', 'u.user_id')
    .select([
      'u.id',
      'u.user_id',
      'user.email',
      'user.name',
      sql<boolean>`exists (select 1 from session s where s."userId" = u.user_id)
        or exists (select 1 from account a where a."userId" = u.user_id)`.as('signed_in'),
    ]);
  if (where.receiverId !== undefined) {
    const receiverId = where.receiverId;
    q = q.where(({ exists, selectFrom }) =>
      exists(
        selectFrom('receiver_user_receiver as l')
          .select(sql`1`.as('x'))
          .whereRef('l.receiver_user_id', '=', 'u.id')
          .where('l.receiver_id', '=', receiverId),
      ),
    );
  }
  if (where.ids) q = q.where('u.id', 'in', where.ids.length ? where.ids : [0]);
  const users = await q.orderBy('user.name').orderBy('u.id').execute();
  if (!users.length) return [];
  const ids = users.map((u) => Number(u.id));
  const [links, invitations] = await Promise.all([
    db
      .selectFrom('receiver_user_receiver as l')
      .innerJoin('receiver as r', 'r.id', 'l.receiver_id')
      .select(['l.receiver_user_id', 'r.id', 'r.name'])
      .where('l.receiver_user_id', 'in', ids)
      .orderBy('r.name')
      .orderBy('r.id')
      .execute(),
    db
      .selectFrom('receiver_user_invitation')
      .select(['receiver_user_id', 'created_at', 'expires_at', 'used_at'])
      .where('receiver_user_id', 'in', ids)
      .orderBy('id', 'desc')
      .execute(),
  ]);
  return users.map((u) => {
    const id = Number(u.id);
    const latest = invitations.find((i) => Number(i.receiver_user_id) === id);
    // Taken up by setting a password through it, or by signing in with the OIDC provider instead.
    const state = !latest
      ? 'none'
      : latest.used_at || u.signed_in
        ? 'accepted'
        : new Date(latest.expires_at).getTime() <= Date.now()
          ? 'expired'
          : 'pending';
    return {
      id,
      user_id: u.user_id,
      email: u.email,
      name: u.name,
      receivers: links
        .filter((l) => Number(l.receiver_user_id) === id)
        .map((l) => ({ id: Number(l.id), name: l.name })),
      invitation: {
        state,
        sent_at: latest ? iso(latest.created_at) : null,
        expires_at: latest ? iso(latest.expires_at) : null,
      },
      signed_in: Boolean(u.signed_in),
    } satisfies ReceiverUserRecord;
  });
}

/**
 * Uses up the person's outstanding invitations as they sign in by any way (a password, the OpenID Connect provider):
 * a link left in a mailbox must not set a password on an account its owner already uses.
 */
export async function useUpInvitations(db: Kysely<DB>, userId: string): Promise<void> {
  await db
    .updateTable('receiver_user_invitation')
    .set({ used_at: sql<Date>`now()` })
    .where('used_at', 'is', null)
    .where('receiver_user_id', 'in', (eb) => eb.selectFrom('receiver_user').select('id').where('user_id', '=', userId))
    .execute();
}

export const receiverExists = (db: Kysely<DB>, id: number) =>
  db.selectFrom('receiver').select('id').where('id', '=', id).executeTakeFirst();

export const receiversOf = (db: Kysely<DB>, ids: number[]) =>
  db.selectFrom('receiver').select('id').where('id', 'in', ids).execute();

export const receiverNames = (db: Kysely<DB>, ids: number[]) =>
  db.selectFrom('receiver').select(['id', 'name']).where('id', 'in', ids).orderBy('name').orderBy('id').execute();

/** The sign-in account of an address (compared lower-case) and whether it already is a company or charity user. */
export const accountByEmail = (db: Kysely<DB>, email: string) =>
  db
    .selectFrom('user')
    .select([
      'id',
      'staff',
      sql<boolean>`exists (select 1 from company_user c where c.user_id = "user".id)`.as('company'),
      sql<boolean>`exists (select 1 from receiver_user r where r.user_id = "user".id)`.as('charity'),
    ])
    .where(sql`lower(email)`, '=', email)
    .executeTakeFirst();

export const receiverUserIdOf = (db: Kysely<DB>, userId: string) =>
  db.selectFrom('receiver_user').select('id').where('user_id', '=', userId).executeTakeFirstOrThrow();

export const insertReceiverUser = (trx: Transaction<DB>, userId: string) =>
  trx.insertInto('receiver_user').values({ user_id: userId }).returning('id').executeTakeFirstOrThrow();

export const touchReceiverUser = (trx: Transaction<DB>, id: number) =>
  trx
    .updateTable('receiver_user')
    .set({ updated_at: sql<Date>`now()` })
    .where('id', '=', id)
    .execute();

export const deleteReceiverUserRow = (trx: Transaction<DB>, id: number) =>
  trx.deleteFrom('receiver_user').where('id', '=', id).execute();

/** Replaces the receivers a charity user reads. */
export async function setReceiverLinks(trx: Transaction<DB>, id: number, receiverIds: number[]) {
  await trx.deleteFrom('receiver_user_receiver').where('receiver_user_id', '=', id).execute();
  await trx
    .insertInto('receiver_user_receiver')
    .values(receiverIds.map((receiver_id) => ({ receiver_user_id: id, receiver_id })))
    .execute();
}

/** The name staff gave to an existing account as it becomes a charity user. */
export const setUserName = (trx: Transaction<DB>, userId: string, name: string) =>
  trx.updateTable('user').set({ name }).where('id', '=', userId).execute();

/** A staff rename of a charity user's account. */
export const renameUser = (trx: Transaction<DB>, userId: string, name: string) =>
  trx
    .updateTable('user')
    .set({ name, updatedAt: sql<Date>`now()` })
    .where('id', '=', userId)
    .execute();

export const deleteSessions = (trx: Transaction<DB>, userId: string) =>
  trx.deleteFrom('session').where('userId', '=', userId).returning(['id', 'chainId']).execute();

/** Earlier invitations of the person stop working when a new one is sent. */
export const replaceOpenInvitations = (trx: Transaction<DB>, receiverUserId: number) =>
  trx
    .updateTable('receiver_user_invitation')
    .set({ replaced_at: sql<Date>`now()` })
    .where('receiver_user_id', '=', receiverUserId)
    .where('used_at', 'is', null)
    .where('replaced_at', 'is', null)
    .execute();

export const insertInvitation = (trx: Transaction<DB>, receiverUserId: number, tokenHash: string, expiresAt: Date) =>
  trx
    .insertInto('receiver_user_invitation')
    .values({ receiver_user_id: receiverUserId, token_hash: tokenHash, expires_at: expiresAt })
    .execute();

export const queueMail = (trx: Transaction<DB>, to: string, message: MessageContent) =>
  trx
    .insertInto('mail_outbox')
    .values({ to_address: to, subject: message.subject, body_text: message.text, body_html: message.html })
    .execute();

/** The invitation of this token hash while it can be used: not used, not replaced, not expired. */
export const usableInvitationByHash = (db: Kysely<DB>, tokenHash: string) =>
  db
    .selectFrom('receiver_user_invitation as i')
    .innerJoin('receiver_user as u', 'u.id', 'i.receiver_user_id')
    .innerJoin('user', 'user.id', 'u.user_id')
    .select(['i.id', 'i.expires_at', 'u.user_id', 'user.email', 'user.name'])
    .where('i.token_hash', '=', tokenHash)
    .where('i.used_at', 'is', null)
    .where('i.replaced_at', 'is', null)
    .where('i.expires_at', '>', sql<Date>`now()`)
    .executeTakeFirst();

export const markInvitationUsed = (db: Kysely<DB>, id: number) =>
  db
    .updateTable('receiver_user_invitation')
    .set({ used_at: sql<Date>`now()` })
    .where('id', '=', id)
    .where('used_at', 'is', null)
    .returning('id')
    .executeTakeFirst();

export const credentialAccount = (db: Kysely<DB>, userId: string) =>
  db
    .selectFrom('account')
    .select('id')
    .where('userId', '=', userId)
    .where('providerId', '=', 'credential')
    .executeTakeFirst();

export const setAccountPassword = (db: Kysely<DB>, accountId: string, hash: string) =>
  db
    .updateTable('account')
    .set({ password: hash, updatedAt: sql<Date>`now()` })
    .where('id', '=', accountId)
    .execute();

export const markEmailVerified = (db: Kysely<DB>, userId: string) =>
  db.updateTable('user').set({ emailVerified: true }).where('id', '=', userId).execute();
