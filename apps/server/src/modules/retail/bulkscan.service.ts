import {
  BULK_SCAN_BACK_DAYS,
  BULK_SCAN_MAX_ITEMS,
  bulkScanItemSchema,
  reportDay,
  type BulkScanItem,
  type BulkScanRow,
} from '@openrescue/shared';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.js';
import { badRequest } from '../../lib/http-error.js';
import { recordAudits } from '../audit/audit.service.js';
import { addDays, localMidnightMicros } from '../reports/time-bounds.js';
import { insertBulkScans, loadImpactFactors, loadPlaces, type NewBulkScan } from './bulkscan.repository.js';
import { runIdempotent, type StoredAnswer } from './idempotency.js';
import { createImpactCalculator } from './impact-calculator.js';

const ISO_INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,6})?)?(Z|[+-]\d{2}:?\d{2})$/;

const invalid = (problems: string[]) =>
  badRequest(
    `Nothing was inserted: ${problems[0]}${problems.length > 1 ? ` (and ${problems.length - 1} more problems)` : ''}`,
    problems.slice(0, 20).join('; '),
  );

/** Who enters the weights: the signed-in user of the request (never a field of the body: decision 0038). */
export interface BulkScanAuthor {
  userId: string;
  email: string;
}

/**
 * The instants an entry_time may take (decision 0038): from the start of the day BULK_SCAN_BACK_DAYS + 1 before the
 * network's today (a back date picked BULK_SCAN_BACK_DAYS days back, stored 7 hours earlier) up to the end of today.
 */
export function entryTimeWindow(now: Date = new Date()) {
  const today = reportDay(now);
  return {
    today,
    from: localMidnightMicros(addDays(today, -(BULK_SCAN_BACK_DAYS + 1))) / 1000,
    until: localMidnightMicros(addDays(today, 1)) / 1000,
  };
}

/** Shape checks of every item (section 5 rules included); the first problems name the item index. */
function parseItems(body: unknown, now = new Date()): BulkScanItem[] {
  if (!Array.isArray(body)) throw invalid(['the body must be a JSON list of items']);
  if (body.length === 0) throw invalid(['the list of items is empty']);
  if (body.length > BULK_SCAN_MAX_ITEMS)
    throw invalid([`the list has ${body.length} items; at most ${BULK_SCAN_MAX_ITEMS} are accepted`]);
  const window = entryTimeWindow(now);
  const problems: string[] = [];
  const items = body.map((raw, index) => {
    const parsed = bulkScanItemSchema.safeParse(raw);
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      if (issue.code === 'unrecognized_keys') {
        // A field the entry does not have (an author, an id, a time of creation): refused, never silently dropped.
        problems.push(
          `item ${index}: unknown field${issue.keys.length > 1 ? 's' : ''} ${issue.keys.join(', ')} (the author is the signed-in user)`,
        );
      } else problems.push(`item ${index}: ${issue.path.join('.') || 'item'} ${issue.message}`);
      return null;
    }
    const item = parsed.data;
    const at = Date.parse(item.entry_time);
    if (!ISO_INSTANT.test(item.entry_time) || Number.isNaN(at)) {
      problems.push(`item ${index}: entry_time must be an ISO date-time with a time zone`);
    } else if (at >= window.until) {
      problems.push(`item ${index}: entry_time ${item.entry_time} is after the network's today (${window.today})`);
    } else if (at < window.from) {
      problems.push(
        `item ${index}: entry_time ${item.entry_time} is more than ${BULK_SCAN_BACK_DAYS} days before the network's today (${window.today})`,
      );
    }
    return item;
  });
  if (problems.length) throw invalid(problems);
  return items as BulkScanItem[];
}

/** Validates every item against the database and inserts all of them (bulk_scan + donation), or nothing. */
export async function insertBulkScanItems(
  db: Kysely<DB>,
  author: BulkScanAuthor,
  body: unknown,
  idempotencyKey: string | null,
): Promise<BulkScanRow[]> {
  const items = parseItems(body);
  const storeIds = [...new Set(items.map((i) => i.store_id))];
  const receiverIds = [...new Set(items.map((i) => i.receiver_id))];
  const [places, factors] = await Promise.all([loadPlaces(db, storeIds, receiverIds), loadImpactFactors(db)]);
  const impactOf = createImpactCalculator(factors);
  const problems: string[] = [];
  const rows: NewBulkScan[] = [];
  items.forEach((item, index) => {
    const companyId = places.storeCompany.get(item.store_id);
    if (companyId === undefined) return void problems.push(`item ${index}: unknown store ${item.store_id}`);
    if (!places.receiverNames.has(item.receiver_id))
      return void problems.push(`item ${index}: unknown receiver ${item.receiver_id}`);
    if (!places.links.has(`${item.store_id}:${item.receiver_id}`)) {
      return void problems.push(
        `item ${index}: receiver ${item.receiver_id} has no pickup schedule with store ${item.store_id}`,
      );
    }
    const { day, impact } = impactOf(1, item.department, item.weight_kg, item.entry_time);
    if (!impact) return void problems.push(`item ${index}: no impact factor applies on ${day}`);
    rows.push({
      store_id: item.store_id,
      company_id: companyId,
      receiver_id: item.receiver_id,
      department_id: item.department,
      weight_kg: item.weight_kg,
      entry_time: item.entry_time,
      author_id: author.userId,
      email: author.email,
      ...impact,
    });
  });
  if (problems.length) throw invalid(problems);
  const inserted = await insertBulkScans(db, rows, idempotencyKey);
  // On the audit trail in the same transaction: one entry per scan, so each scan's history starts with it.
  await recordAudits(
    db,
    { userId: author.userId, label: author.email },
    inserted.map((row) => ({
      action: 'bulk_scan.insert' as const,
      objectType: 'bulk_scan' as const,
      objectId: row.id,
      after: {
        store_id: row.store_id,
        store: places.storeNames.get(row.store_id) ?? null,
        receiver_id: row.receiver_id,
        receiver: places.receiverNames.get(row.receiver_id) ?? null,
        department: row.department,
        weight_kg: row.weight_kg,
        entry_time: row.entry_time,
        entry_date: reportDay(new Date(row.entry_time)),
      },
    })),
  );
  return inserted;
}

/**
 * POST bulkscan/: with an Idempotency-Key the first answer is stored and replayed (scope: the caller). The author is
 * the caller: an `email` in the items is not read.
 */
export async function postBulkScans(
  db: Kysely<DB>,
  author: BulkScanAuthor,
  body: unknown,
  key: string | undefined,
): Promise<StoredAnswer> {
  if (!key) {
    const rows = await db.transaction().execute((trx) => insertBulkScanItems(trx, author, body, null));
    return { statusCode: 201, body: rows };
  }
  if (key.length > 200) throw badRequest('The Idempotency-Key header is too long (at most 200 characters).');
  // The items are hashed as parsed: a body that is not a list of items (a deeply nested one, say) is refused before.
  const items = parseItems(body);
  return runIdempotent(db, `POST bulkscan/ ${author.userId}`, key, items, async (trx) => ({
    statusCode: 201,
    body: await insertBulkScanItems(trx, author, body, key),
  }));
}
