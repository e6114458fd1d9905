import { z } from 'zod';
import { JOB_STATUSES } from '../constants.js';

/** GET {core-api}/api/config: the deployment's public settings. */
export const appConfigSchema = z.object({
  product_name: z.string(),
  support_email: z.string(),
  staff_email_domain: z.string(),
  oidc: z.object({ enabled: z.boolean(), label: z.string() }),
  community_url: z.string(),
  booking_url: z.string(),
  flw_url: z.string(),
  /** The IANA zone every date and time is shown in (NETWORK_TIME_ZONE; America/Vancouver by default). */
  time_zone: z.string(),
});
export type AppConfig = z.infer<typeof appConfigSchema>;

/** The signed-in user as the client app sees it (spec section 3 "Auth user", plus the staff claim). */
export const sessionUserSchema = z.object({
  id: z.string(),
  email: z.string(),
  displayName: z.string(),
  emailVerified: z.boolean(),
  photoURL: z.string().nullable(),
  staff: z.boolean(),
});
export type SessionUser = z.infer<typeof sessionUserSchema>;

/** POST {core-api}/api/session/token: a fresh access token for the browser session. */
export const sessionTokenSchema = z.object({ token: z.string(), expires_at: z.string(), user: sessionUserSchema });
export type SessionToken = z.infer<typeof sessionTokenSchema>;

/** GET {core-api}/api/clients/company_user (spec 7.3): the first result is the user's record. */
export const companyUserSchema = z.object({
  id: z.number(),
  company: z.number(),
  store: z.number().nullable(),
  report_store_id: z.number().nullable(),
  company_user_role: z.number(),
  permissions: z.object({ canAccessAllStores: z.boolean() }),
});
export const companyUserListSchema = z.object({ count: z.number(), results: z.array(companyUserSchema) });
export type CompanyUserList = z.infer<typeof companyUserListSchema>;

/** A row of GET {ops-api}/table/Jobs, newest first. */
export const jobSchema = z.object({
  id: z.string(),
  name: z.string(),
  total: z.number(),
  processed: z.number(),
  status: z.enum(JOB_STATUSES),
  updated_at: z.string(),
  error: z.string().nullable(),
});
export type Job = z.infer<typeof jobSchema>;
export const jobListSchema = z.object({ data: z.array(jobSchema) });
export type JobList = z.infer<typeof jobListSchema>;

/**
 * Longest text the auth routes take (issue 32, item 10): an e-mail address (RFC 5321), a password (the auth library's
 * own ceiling), a display name (it rides in every access token), any address (image, callback URLs), and any other
 * text. Longer is a 400 before anything is counted, hashed or stored.
 */
export const AUTH_TEXT_LIMITS = { email: 254, password: 128, name: 100, url: 2048, text: 1024 } as const;
/** How deep an auth request body may nest: the library's bodies are flat objects with small nested ones. */
export const AUTH_BODY_MAX_DEPTH = 4;

/** The error type of a sign-in sent from a page address the server does not serve; its message names the right one. */
export const WRONG_ADDRESS_ERROR_TYPE = 'invalid_origin';
