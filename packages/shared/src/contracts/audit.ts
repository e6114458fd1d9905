import { z } from 'zod';
import { pagingQuery } from './lookups.js';
import { listPageSchema } from './reports.js';
import { bulkScanRowSchema } from './retail.js';

/**
 * The audit trail of staff actions and the corrections of bulk scans (issue 36 section 1, decision 0061).
 * GET {ops-api}/audit-events(.csv): the trail, newest first; nothing edits or deletes an entry.
 * PATCH / DELETE {core-api}/api/bulkscan/{id}: correct or delete one bulk scan, with a reason.
 */

/** What an entry records; `object_type.verb`. */
export const AUDIT_ACTIONS = [
  'bulk_scan.insert',
  'bulk_scan.correct',
  'bulk_scan.delete',
  'public_link.rotate',
  'public_link.copy',
  'poster_link.create',
  'poster_link.revoke',
  'poster_link.copy',
  'mail.send',
  'publish.start',
  'flow.run',
  'integration_key.create',
  'integration_key.revoke',
  'api_key.create',
  'api_key.revoke',
  'session.sign_in',
  'receiver_user.create',
  'receiver_user.update',
  'receiver_user.delete',
  'receiver_user.invite',
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

/** The kinds of object an entry names (object_type); object_id is the object's id as text. */
export const AUDIT_OBJECT_TYPES = [
  'bulk_scan',
  'store',
  'receiver',
  'company',
  'mail_send',
  'publish_job',
  'flow',
  'integration_key',
  'api_key',
  'user',
  'receiver_user',
] as const;
export type AuditObjectType = (typeof AUDIT_OBJECT_TYPES)[number];

/** Labels the console shows for actions. */
export const AUDIT_ACTION_LABELS: Record<AuditAction, string> = {
  'bulk_scan.insert': 'Bulk scan entered',
  'bulk_scan.correct': 'Bulk scan corrected',
  'bulk_scan.delete': 'Bulk scan deleted',
  'public_link.rotate': 'Report link rotated',
  'public_link.copy': 'Report link copied',
  'poster_link.create': 'Poster link created',
  'poster_link.revoke': 'Poster link revoked',
  'poster_link.copy': 'Poster link copied',
  'mail.send': 'Report mail sent',
  'publish.start': 'Publish job started',
  'flow.run': 'Flow run started',
  'integration_key.create': 'Integration key created',
  'integration_key.revoke': 'Integration key revoked',
  'api_key.create': 'Company API key created',
  'api_key.revoke': 'Company API key revoked',
  'session.sign_in': 'Signed in',
  'receiver_user.create': 'Charity user added',
  'receiver_user.update': 'Charity user changed',
  'receiver_user.delete': 'Charity user removed',
  'receiver_user.invite': 'Charity user invited',
};

const day = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, "expected a date 'YYYY-MM-DD'")
  .refine((v) => {
    const at = Date.parse(`${v}T00:00:00Z`);
    return !Number.isNaN(at) && new Date(at).toISOString().slice(0, 10) === v;
  }, 'expected a real calendar date');

// ---- GET {ops-api}/audit-events ----
export const auditListQuerySchema = z
  .object({
    ...pagingQuery,
    /** The person: part of the actor's e-mail (case-insensitive), or the actor's user id. */
    actor: z.string().trim().min(1).max(320).optional(),
    object_type: z.enum(AUDIT_OBJECT_TYPES).optional(),
    /** With object_type: that one object's history. */
    object_id: z.string().trim().min(1).max(64).optional(),
    action: z.enum(AUDIT_ACTIONS).optional(),
    /** Network days (America/Vancouver), both included. */
    from: day.optional(),
    to: day.optional(),
  })
  .strict();
export type AuditListQuery = z.infer<typeof auditListQuerySchema>;
/** The CSV takes the same filters; paging is ignored (every matching entry, newest first). */
export const auditCsvQuerySchema = auditListQuerySchema;

export const auditEventSchema = z.object({
  id: z.number(),
  at: z.string(),
  actor_id: z.string().nullable(),
  actor_label: z.string(),
  action: z.string(),
  object_type: z.string(),
  object_id: z.string().nullable(),
  reason: z.string().nullable(),
  before: z.unknown().nullable(),
  after: z.unknown().nullable(),
  detail: z.unknown().nullable(),
});
export type AuditEvent = z.infer<typeof auditEventSchema>;
export const auditListSchema = listPageSchema(auditEventSchema);

// ---- PATCH / DELETE {core-api}/api/bulkscan/{id} ----
export const bulkScanIdParamsSchema = z.object({ id: z.coerce.number().int().min(1).max(999_999_999_999) }).strict();

/** Why: required, shown in the audit trail. */
const reason = z.string().trim().min(1, 'a reason is required').max(500, 'must be at most 500 characters');

/**
 * A correction: any of weight, department and date (the network day the scan counts on; the time of day is kept),
 * at least one of them, and a reason. The same rules as weight entry: whole kg 1-999, departments 1-7, a day not
 * after the network's today.
 */
export const bulkScanCorrectionSchema = z
  .object({
    weight_kg: z
      .number()
      .int('must be a whole number of kg (digits only)')
      .min(1, 'must be at least 1 kg')
      .max(999, 'must be at most 999 kg')
      .optional(),
    department: z.number().int().min(1).max(7).optional(),
    entry_date: day.optional(),
    reason,
  })
  .strict()
  .refine((b) => b.weight_kg !== undefined || b.department !== undefined || b.entry_date !== undefined, {
    message: 'name at least one of weight_kg, department and entry_date to change',
  });
export type BulkScanCorrection = z.infer<typeof bulkScanCorrectionSchema>;
export const bulkScanDeletionSchema = z.object({ reason }).strict();

export const bulkScanCorrectedSchema = z.object({ before: bulkScanRowSchema, after: bulkScanRowSchema });
export const bulkScanDeletedSchema = z.object({ deleted: bulkScanRowSchema });

export const auditPaths = {
  events: '/ops-api/audit-events',
  eventsCsv: '/ops-api/audit-events.csv',
  /** PATCH: correct; DELETE: delete (a JSON body with the reason). */
  bulkScan: '/core-api/api/bulkscan/:id',
} as const;
