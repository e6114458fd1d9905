import type { AuditAction, AuditEvent, AuditObjectType } from '@openrescue/shared';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.js';
import { insertAuditEventOnce, insertAuditEvents, type NewAuditEvent, userForAudit } from './audit.repository.js';

/** Who acted: always the signed-in user of the request (never a field of a body), or the server itself. */
export interface AuditActor {
  userId: string | null;
  /** The user's e-mail at the time (kept: the trail outlives user rows). */
  label: string;
}

export interface AuditEntry {
  action: AuditAction;
  objectType: AuditObjectType;
  objectId: string | number | null;
  reason?: string | null;
  /** The object as it was before the change and after it, where something changed. */
  before?: unknown;
  after?: unknown;
  /** Anything else worth keeping (a job id, counts, a filter). */
  detail?: unknown;
}

/**
 * Appends one entry to the audit trail. Call it with the transaction that makes the change, so that the change and
 * its entry commit (or roll back) together; where the change has no transaction of its own, right after it.
 */
export async function recordAudit(db: Kysely<DB>, actor: AuditActor, entry: AuditEntry): Promise<void> {
  await recordAudits(db, actor, [entry]);
}

/**
 * Makes a change and writes its entry in one transaction, so that both commit or neither does. `entryOf` answers
 * null for a change that made nothing (a missing row): nothing is written.
 */
export async function auditedChange<T>(
  db: Kysely<DB>,
  actor: AuditActor,
  change: (trx: Kysely<DB>) => Promise<T>,
  entryOf: (result: T) => AuditEntry | null,
): Promise<T> {
  return db.transaction().execute(async (trx) => {
    const result = await change(trx);
    const entry = entryOf(result);
    if (entry) await recordAudit(trx, actor, entry);
    return result;
  });
}

const eventOf = (actor: AuditActor, entry: AuditEntry): NewAuditEvent => ({
  actor_id: actor.userId,
  actor_label: actor.label,
  action: entry.action,
  object_type: entry.objectType,
  object_id: entry.objectId === null ? null : String(entry.objectId),
  reason: entry.reason ?? null,
  before: entry.before,
  after: entry.after,
  detail: entry.detail,
});

/** Several entries of one actor in one statement (a bulk insert of scans: one entry per scan). */
export async function recordAudits(db: Kysely<DB>, actor: AuditActor, entries: AuditEntry[]): Promise<void> {
  await insertAuditEvents(
    db,
    entries.map((entry) => eventOf(actor, entry)),
  );
}

/**
 * Appends the entry unless one of its action on its object is on the trail already: for an action that is its entry
 * alone (nothing else to commit it with), which a retried request repeats with the same object id.
 */
export async function recordAuditOnce(db: Kysely<DB>, actor: AuditActor, entry: AuditEntry): Promise<void> {
  await insertAuditEventOnce(db, eventOf(actor, entry));
}

const CSV_COLUMNS = [
  'id',
  'at',
  'actor',
  'actor_id',
  'action',
  'object_type',
  'object_id',
  'reason',
  'before',
  'after',
  'detail',
];

/** A cell as text; one that a spreadsheet would run as a formula starts with an apostrophe (CSV injection). */
function cell(value: unknown): string {
  const text = value === null || value === undefined ? '' : typeof value === 'string' ? value : JSON.stringify(value);
  return /^[=+\-@\t\r]/.test(text) ? `'${text}` : text;
}

/** The entries as CSV (RFC 4180, UTF-8 with a byte order mark for spreadsheets), written by exceljs's CSV writer. */
export async function auditCsv(events: AuditEvent[]): Promise<Buffer> {
  const { default: ExcelJS } = await import('exceljs');
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('audit');
  sheet.addRow(CSV_COLUMNS);
  for (const e of events) {
    sheet.addRow(
      [
        e.id,
        e.at,
        e.actor_label,
        e.actor_id,
        e.action,
        e.object_type,
        e.object_id,
        e.reason,
        e.before,
        e.after,
        e.detail,
      ].map((v, i) => (i === 0 ? String(v) : cell(v))),
    );
  }
  const body = Buffer.from(await workbook.csv.writeBuffer());
  return Buffer.concat([Buffer.from('\ufeff', 'utf8'), body]);
}

/**
 * A staff member signed in (a session the auth library made: password or identity provider; token refreshes and
 * rotations are not sign-ins). Client users' sign-ins are not staff actions and are not recorded.
 */
export async function recordStaffSignIn(db: Kysely<DB>, userId: string): Promise<void> {
  const user = await userForAudit(db, userId);
  if (!user?.staff) return;
  await recordAudit(
    db,
    { userId, label: user.email },
    { action: 'session.sign_in', objectType: 'user', objectId: userId },
  );
}
