import { REPORT_TIME_ZONE } from '@openrescue/shared';
import { type Kysely, sql } from 'kysely';
import type { DB } from '../../db/schema.js';

type Db = Kysely<DB>;

export interface ScanForChange {
  id: number;
  store_id: number;
  receiver_id: number;
  company_id: number | null;
  reason_id: number | null;
  destination_id: number;
  department_id: number | null;
  weight_kg: number | null;
  entry_time: Date;
  /** The network day entry_time counts on (what the rollups group by). */
  entry_day: string;
}

/** The scan, locked for the change (FOR UPDATE), with its store's company; null when there is none. */
export async function lockScan(db: Db, id: number): Promise<ScanForChange | null> {
  const res = await sql<ScanForChange>`select b.id, b.store_id, b.receiver_id, s.company_id, b.reason_id,
      b.destination_id, b.department_id, b.weight_kg, b.entry_time,
      to_char((b.entry_time at time zone ${REPORT_TIME_ZONE})::date, 'YYYY-MM-DD') as entry_day
    from bulk_scan b left join store s on s.id = b.store_id where b.id = ${id} for update of b`.execute(db);
  const row = res.rows[0];
  if (!row) return null;
  return {
    ...row,
    id: Number(row.id),
    company_id: row.company_id === null ? null : Number(row.company_id),
    weight_kg: row.weight_kg === null ? null : Number(row.weight_kg),
    entry_time: new Date(row.entry_time),
  };
}

/** The instant on `day` at the same local time of day as `at` (network time zone). */
export async function sameTimeOnDay(db: Db, at: Date, day: string): Promise<Date> {
  const res = await sql<{ t: Date }>`select ((${day}::date + (${at.toISOString()}::timestamptz at time zone
    ${REPORT_TIME_ZONE})::time) at time zone ${REPORT_TIME_ZONE}) as t`.execute(db);
  return new Date(res.rows[0].t);
}

/**
 * The donations a scan became: the console entry's own (bulk_scan.donation_id) and the one the flows made from its
 * adjusted scan (donation.adjusted_scan_id).
 */
export async function donationIdsOf(db: Db, scanId: number): Promise<number[]> {
  const res = await sql<{ id: number }>`select d.id from donation d
      where d.id = (select donation_id from bulk_scan where id = ${scanId})
    union
    select d.id from donation d join adjusted_scan a on a.id = d.adjusted_scan_id where a.bulk_scan_id = ${scanId}
    order by 1`.execute(db);
  return res.rows.map((r) => Number(r.id));
}

export interface ScanChange {
  department_id: number | null;
  weight_kg: number | null;
  entry_time: Date;
}

export interface DonationImpact {
  meals_provided: number;
  food_rescued_kg: number;
  co2_emissions_kg: number;
  money_saved: number;
  impact_factor_version: number;
}

/**
 * Writes the correction to the scan, its flow copies (QA row, adjusted scan) and its donations (one statement:
 * the rollup triggers move the old sums out and the new ones in).
 */
export async function applyScanChange(
  db: Db,
  scanId: number,
  change: ScanChange,
  donationIds: number[],
  impact: DonationImpact | null,
): Promise<void> {
  const values = { department_id: change.department_id, weight_kg: change.weight_kg, entry_time: change.entry_time };
  await db.updateTable('bulk_scan').set(values).where('id', '=', scanId).execute();
  await db.updateTable('bulk_scan_qa').set(values).where('bulk_scan_id', '=', scanId).execute();
  if (change.department_id !== null && change.weight_kg !== null) {
    await db
      .updateTable('adjusted_scan')
      .set({ department_id: change.department_id, weight_kg: change.weight_kg, entry_time: change.entry_time })
      .where('bulk_scan_id', '=', scanId)
      .execute();
  }
  if (donationIds.length && impact && change.department_id !== null && change.weight_kg !== null) {
    await db
      .updateTable('donation')
      .set({
        department_id: change.department_id,
        weight_kg: change.weight_kg,
        entry_time: change.entry_time,
        ...impact,
      })
      .where('id', 'in', donationIds)
      .execute();
  }
}

/** Deletes the scan's donations (the triggers take them out of every rollup), then the scan and its flow copies. */
export async function deleteScan(db: Db, scanId: number, donationIds: number[]): Promise<void> {
  if (donationIds.length) await db.deleteFrom('donation').where('id', 'in', donationIds).execute();
  await db.deleteFrom('bulk_scan').where('id', '=', scanId).execute();
}

/**
 * Marks the published reports the change reaches (the scan's store, its company and its receiver, in the months of
 * the old and the new date) as corrected after publishing; returns their ids.
 */
export async function markPublishedCorrected(
  db: Db,
  scan: { store_id: number; receiver_id: number; company_id: number | null },
  days: string[],
): Promise<number[]> {
  const months = [...new Set(days.map((d) => `${d.slice(0, 7)}-01`))];
  const res = await sql<{ id: number }>`update publish_file set corrected_at = now()
    where file_status = 'PUBLISHED' and entry_date = any(${months}::date[])
      and ((file_type = 'STORE_REPORT' and store_id = ${scan.store_id})
        or (file_type = 'CHARITY_REPORT' and receiver_id = ${scan.receiver_id})
        or (file_type = 'COMPANY_REPORT' and company_id = ${scan.company_id ?? -1}))
    returning id`.execute(db);
  return res.rows.map((r) => Number(r.id)).sort((a, b) => a - b);
}

/**
 * When the published report of a store's or receiver's month was last corrected after it was published (its
 * corrected_at, while later than its last publish), or null: the report then says "Corrected after publishing on".
 */
export async function correctedAfterPublishing(
  db: Db,
  kind: 'store' | 'receiver',
  id: number,
  month: string,
): Promise<string | null> {
  const res = await sql<{ at: Date | null }>`select max(corrected_at) as at from publish_file
    where file_status = 'PUBLISHED' and entry_date = ${`${month.slice(0, 7)}-01`}::date
      and file_type = ${kind === 'store' ? 'STORE_REPORT' : 'CHARITY_REPORT'}
      and ${sql.ref(kind === 'store' ? 'store_id' : 'receiver_id')} = ${id}
      and corrected_at > coalesce(file_change_time, '-infinity'::timestamptz)`.execute(db);
  const at = res.rows[0]?.at;
  return at ? new Date(at).toISOString() : null;
}
