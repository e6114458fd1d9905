import { z } from 'zod';
import { AUTH_TEXT_LIMITS } from './foundation.js';

/**
 * Charity (receiver) users (issue 37 section 1, decision 0066): a sign-in account linked to one or more receivers.
 * Staff create, change and remove them in a receiver's detail panel and invite the person by e-mail; the invitation
 * link (single use, expiring) lets the person set a password. A signed-in charity user reads the reports of its own
 * receivers only.
 */
export const receiverUsersPaths = {
  /** GET (staff): the receiver users of one receiver (`receiver_id`). POST (staff): creates one and invites it. */
  list: '/ops-api/receiver-users',
  /** PATCH (staff): name and receivers. DELETE (staff): removes the record and signs the person out. */
  one: '/ops-api/receiver-users/:id',
  /** POST (staff): a new invitation mail; the person's earlier invitations stop working. */
  invite: '/ops-api/receiver-users/:id/invitation',
  /** GET (signed in): the caller's own receiver user record; empty results when there is none. */
  me: '/core-api/api/clients/receiver_user',
  /** POST (public): what an invitation token is for (the person's e-mail and name); 404 when it cannot be used. */
  invitation: '/core-api/api/invitations/check',
  /** POST (public): sets the password with the invitation token; the token is used up. */
  accept: '/core-api/api/invitations/accept',
} as const;

/** Where the invitation mail's link opens the web app: `{origin}{INVITATION_PAGE}?token=...`. */
export const INVITATION_PAGE = '/public/invitation';
/** How long an invitation link works. */
export const INVITATION_DAYS = 7;
/** The shortest password a charity user may set. */
export const PASSWORD_MIN = 8;

const receiverIds = z
  .array(z.number().int().min(1).max(2_147_483_647))
  .min(1, 'name at least one receiver')
  .max(100)
  .refine((ids) => new Set(ids).size === ids.length, 'a receiver is named twice');

const personName = z.string().trim().min(1, 'enter a name').max(AUTH_TEXT_LIMITS.name);

export const receiverUserCreateSchema = z
  .object({
    email: z.string().trim().toLowerCase().email('enter an e-mail address').max(AUTH_TEXT_LIMITS.email),
    name: personName,
    receiver_ids: receiverIds,
  })
  .strict();
export type ReceiverUserCreate = z.infer<typeof receiverUserCreateSchema>;

export const receiverUserUpdateSchema = z
  .object({ name: personName.optional(), receiver_ids: receiverIds.optional() })
  .strict()
  .refine((b) => b.name !== undefined || b.receiver_ids !== undefined, 'change the name or the receivers');
export type ReceiverUserUpdate = z.infer<typeof receiverUserUpdateSchema>;

export const receiverUsersQuerySchema = z
  .object({ receiver_id: z.coerce.number().int().min(1).max(2_147_483_647) })
  .strict();

export const INVITATION_STATES = ['pending', 'accepted', 'expired', 'none'] as const;
export type InvitationState = (typeof INVITATION_STATES)[number];

const receiverNameSchema = z.object({ id: z.number(), name: z.string() });

export const receiverUserSchema = z.object({
  id: z.number(),
  user_id: z.string(),
  email: z.string(),
  name: z.string(),
  receivers: z.array(receiverNameSchema),
  /** The latest invitation: pending (sent, not used, not expired), accepted, expired, or none sent. */
  invitation: z.object({
    state: z.enum(INVITATION_STATES),
    sent_at: z.string().nullable(),
    expires_at: z.string().nullable(),
  }),
  /** The person has set a password (or signed in) at least once. */
  signed_in: z.boolean(),
});
export type ReceiverUser = z.infer<typeof receiverUserSchema>;

export const receiverUserListSchema = z.object({ count: z.number(), results: z.array(receiverUserSchema) });
export type ReceiverUserList = z.infer<typeof receiverUserListSchema>;

/** The signed-in charity user's own record: its receivers, each with its public report link (read-only here). */
export const myReceiverUserSchema = z.object({
  id: z.number(),
  name: z.string(),
  email: z.string(),
  receivers: z.array(receiverNameSchema.extend({ report_url: z.string() })),
});
export type MyReceiverUser = z.infer<typeof myReceiverUserSchema>;
export const myReceiverUserListSchema = z.object({ count: z.number(), results: z.array(myReceiverUserSchema) });
export type MyReceiverUserList = z.infer<typeof myReceiverUserListSchema>;

const token = z.string().regex(/^[A-Za-z0-9_-]{43}$/, 'the invitation link is not complete');

export const invitationCheckSchema = z.object({ token }).strict();
export const invitationInfoSchema = z.object({ email: z.string(), name: z.string(), expires_at: z.string() });
export type InvitationInfo = z.infer<typeof invitationInfoSchema>;

export const invitationAcceptSchema = z
  .object({
    token,
    password: z
      .string()
      .min(PASSWORD_MIN, `use at least ${PASSWORD_MIN} characters`)
      .max(AUTH_TEXT_LIMITS.password, `use at most ${AUTH_TEXT_LIMITS.password} characters`),
  })
  .strict();
export const invitationAcceptedSchema = z.object({ email: z.string() });
