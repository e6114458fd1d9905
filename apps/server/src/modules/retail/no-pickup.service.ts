import { BULK_SCAN_BACK_DAYS, ERROR_TYPES, reportDay, type BulkScanRow, type NoPickupBody } from '@openrescue/shared';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.js';
import { badRequest, HttpError } from '../../lib/http-error.js';
import { recordAudit } from '../audit/audit.service.js';
import { addDays, localMidnightMicros, microsToIso } from '../reports/time-bounds.js';
import { listBulkScans } from './bulkscan.repository.js';
import type { BulkScanAuthor } from './bulkscan.service.js';
import { insertNoPickup, lockSchedule, noPickupOn, placeNames } from './no-pickup.repository.js';

const HOUR_MICROS = 3_600_000_000;

const refused = (problem: string) => badRequest(`No no-pickup was recorded: ${problem}`, problem);

/**
 * The instant a no-pickup of a day is stored at: noon of the network's day, 7 hours back, as the console's bulk scans
 * and the demo's no-pickups are (DESIGN "Bulk-scan time shift"); it stays on the same day (decision 0062).
 */
export const noPickupEntryTime = (day: string) => microsToIso(localMidnightMicros(day) + 5 * HOUR_MICROS);

/** A real calendar day (the pattern lets 2026-02-30 through). */
const isCalendarDay = (day: string) => new Date(`${day}T00:00:00Z`).toISOString().slice(0, 10) === day;

/**
 * Records one no-pickup (issue 36, decision 0062): the store, the receiver and their pickup schedule exist and the
 * schedule is in force on the day; the day is not after the network's today nor more than BULK_SCAN_BACK_DAYS back;
 * the pair has no no-pickup on that day yet (409). The schedule row is locked, so two at once cannot both pass.
 */
export async function recordNoPickup(
  db: Kysely<DB>,
  author: BulkScanAuthor,
  body: NoPickupBody,
  now: Date = new Date(),
): Promise<BulkScanRow> {
  const { store_id: storeId, receiver_id: receiverId, day, reason_id: reasonId } = body;
  if (!isCalendarDay(day)) throw refused(`${day} is not a day of the calendar`);
  const today = reportDay(now);
  if (day > today) throw refused(`${day} is after the network's today (${today})`);
  const earliest = addDays(today, -BULK_SCAN_BACK_DAYS);
  if (day < earliest) throw refused(`${day} is more than ${BULK_SCAN_BACK_DAYS} days before today (${today})`);
  return db.transaction().execute(async (trx) => {
    const names = await placeNames(trx, storeId, receiverId, reasonId);
    if (names.store === null) throw refused(`unknown store ${storeId}`);
    if (names.receiver === null) throw refused(`unknown receiver ${receiverId}`);
    if (names.reason === null) throw refused(`unknown reason ${reasonId}`);
    const schedule = await lockSchedule(trx, storeId, receiverId);
    if (!schedule) throw refused(`receiver ${receiverId} has no pickup schedule with store ${storeId}`);
    if (day < schedule.started_on) throw refused(`the pickup schedule starts on ${schedule.started_on}`);
    if (schedule.ended_on !== null && day > schedule.ended_on)
      throw refused(`the pickup schedule ended on ${schedule.ended_on}`);
    const from = microsToIso(localMidnightMicros(day));
    const until = microsToIso(localMidnightMicros(addDays(day, 1)));
    const existing = await noPickupOn(trx, storeId, receiverId, from, until);
    if (existing) {
      throw new HttpError(
        409,
        ERROR_TYPES.conflict,
        `A no-pickup is already recorded for ${day} (${existing.reason ?? 'no reason'}): nothing was added.`,
        `bulk scan ${existing.id}`,
      );
    }
    const id = await insertNoPickup(trx, {
      store_id: storeId,
      receiver_id: receiverId,
      reason_id: reasonId,
      entry_time: noPickupEntryTime(day),
      author_id: author.userId,
      email: author.email,
    });
    // On the audit trail in the same transaction, like every bulk-scan insert (decision 0061).
    await recordAudit(
      trx,
      { userId: author.userId, label: author.email },
      {
        action: 'bulk_scan.insert',
        objectType: 'bulk_scan',
        objectId: id,
        // Each id with its name beside it: the trail says the names, as it does for a bulk scan.
        after: {
          store_id: storeId,
          store: names.store,
          receiver_id: receiverId,
          receiver: names.receiver,
          reason_id: reasonId,
          reason: names.reason,
          entry_date: day,
        },
      },
    );
    const { rows } = await listBulkScans(trx, { id: [id], page: 1, page_size: 1 });
    return rows[0];
  });
}
