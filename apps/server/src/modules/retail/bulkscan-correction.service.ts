import { type BulkScanCorrection, type BulkScanListQuery, type BulkScanRow, reportDay } from '@openrescue/shared';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.js';
import { badRequest, notFound } from '../../lib/http-error.js';
import { type AuditActor, recordAudit } from '../audit/audit.service.js';
import {
  applyScanChange,
  deleteScan,
  donationIdsOf,
  lockScan,
  markPublishedCorrected,
  sameTimeOnDay,
} from './bulkscan-correction.repository.js';
import { listBulkScans, loadImpactFactors } from './bulkscan.repository.js';
import { createImpactCalculator } from './impact-calculator.js';

/** What the audit entry keeps of a scan: the fields a correction may change, and where it is. */
const auditView = (row: BulkScanRow) => ({
  store_id: row.store_id,
  store: row.store,
  receiver_id: row.receiver_id,
  receiver: row.receiver,
  department: row.department,
  weight_kg: row.weight_kg,
  entry_time: row.entry_time,
  entry_date: reportDay(new Date(row.entry_time)),
  reason_id: row.reason_id,
  reason: row.reason,
});

const rowOf = async (db: Kysely<DB>, id: number) => {
  const { rows } = await listBulkScans(db, { id: [id], page: 1, page_size: 1 } as BulkScanListQuery);
  const row = rows[0];
  if (!row) throw notFound(`No bulk scan with id ${id}.`);
  return row;
};

/**
 * Corrects one bulk scan's weight, department or date (decision 0061), in one transaction: the scan, its flow copies
 * and its donations change together (the rollup triggers follow), published reports of the months it touches are
 * marked, and the audit entry records before, after and the reason. Bad input changes nothing.
 */
export async function correctBulkScan(
  db: Kysely<DB>,
  actor: AuditActor,
  id: number,
  body: BulkScanCorrection,
  now = new Date(),
): Promise<{ before: BulkScanRow; after: BulkScanRow }> {
  return db.transaction().execute(async (trx) => {
    const scan = await lockScan(trx, id);
    if (!scan) throw notFound(`No bulk scan with id ${id}.`);
    const before = await rowOf(trx, id);
    if (scan.reason_id !== null && (body.weight_kg !== undefined || body.department !== undefined)) {
      throw badRequest(
        'Nothing was changed: a no-pickup record has no weight or department to correct.',
        'only entry_date may change on a no-pickup record',
      );
    }
    const today = reportDay(now);
    if (body.entry_date !== undefined && body.entry_date > today) {
      throw badRequest(
        `Nothing was changed: entry_date ${body.entry_date} is after the network's today (${today}).`,
        'entry_date must not be after today',
      );
    }
    const department = body.department ?? scan.department_id;
    const weight = body.weight_kg ?? scan.weight_kg;
    const entryDay = body.entry_date ?? scan.entry_day;
    const entryTime =
      entryDay === scan.entry_day ? scan.entry_time : await sameTimeOnDay(trx, scan.entry_time, entryDay);
    if (department === scan.department_id && weight === scan.weight_kg && entryDay === scan.entry_day) {
      throw badRequest('Nothing was changed: the correction names the values the scan already has.', 'no change');
    }
    const donationIds = await donationIdsOf(trx, id);
    let impact = null;
    if (department !== null && weight !== null) {
      const impactOf = createImpactCalculator(await loadImpactFactors(trx));
      const computed = impactOf(scan.destination_id, department, weight, entryTime);
      if (!computed.impact) throw badRequest(`Nothing was changed: no impact factor applies on ${computed.day}.`);
      impact = computed.impact;
    }
    await applyScanChange(
      trx,
      id,
      { department_id: department, weight_kg: weight, entry_time: entryTime },
      donationIds,
      impact,
    );
    const marked = donationIds.length ? await markPublishedCorrected(trx, scan, [scan.entry_day, entryDay]) : [];
    const after = await rowOf(trx, id);
    await recordAudit(trx, actor, {
      action: 'bulk_scan.correct',
      objectType: 'bulk_scan',
      objectId: id,
      reason: body.reason,
      before: auditView(before),
      after: auditView(after),
      detail: { donation_ids: donationIds, published_files_marked: marked },
    });
    return { before, after };
  });
}

/** Deletes one bulk scan and the donations it became (decision 0061), with the reason on record. */
export async function deleteBulkScan(
  db: Kysely<DB>,
  actor: AuditActor,
  id: number,
  reason: string,
): Promise<{ deleted: BulkScanRow }> {
  return db.transaction().execute(async (trx) => {
    const scan = await lockScan(trx, id);
    if (!scan) throw notFound(`No bulk scan with id ${id}.`);
    const before = await rowOf(trx, id);
    const donationIds = await donationIdsOf(trx, id);
    await deleteScan(trx, id, donationIds);
    const marked = donationIds.length ? await markPublishedCorrected(trx, scan, [scan.entry_day]) : [];
    await recordAudit(trx, actor, {
      action: 'bulk_scan.delete',
      objectType: 'bulk_scan',
      objectId: id,
      reason,
      before: auditView(before),
      after: null,
      detail: { donation_ids: donationIds, published_files_marked: marked },
    });
    return { deleted: before };
  });
}
