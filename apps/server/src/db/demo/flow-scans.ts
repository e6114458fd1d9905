import type { Kysely } from 'kysely';
import type { DB } from '../schema.js';
import { insertChunked } from './bulk-load.js';
import { localTimeToUtcMs } from './calendar.js';
import { DEPARTMENT_MEDIAN_KG } from './catalog.js';
import type { PickupPlan } from './donations.js';
import type { DemoNetwork } from './network.js';
import { createRng } from './prng.js';

const SCANNER_EMAIL = 'scanner@openrescue.test';
const iso = (ms: number) => new Date(ms).toISOString();

/**
 * Scanner uploads of the last week that the flows have not loaded yet (decision 0014): weights with no donation
 * and no console marker (donation_id null), so triggerBulkScanToDonationFlow has work to do. Most are clean; five
 * carry the problems loadBulkScanToQa finds: an unknown store, an unknown receiver, a receiver that does not serve
 * the store, a scan uploaded twice and a weight far outside the store's history. None has a donation yet, so
 * the totals count each weight once: when the flow makes it a donation.
 */
export async function insertFlowScans(
  db: Kysely<DB>,
  network: DemoNetwork,
  plan: PickupPlan,
  seed: number,
): Promise<number> {
  const rng = createRng(seed, 'flow-scans');
  const links = network.links.filter((l) => l.kind !== 'compost');
  const chosen = rng.shuffle([...links]).slice(0, 6);
  type Row = {
    receiver_id: number;
    store_id: number;
    reason_id: null;
    destination_id: number;
    department_id: number;
    weight_kg: number;
    entry_time: string;
    creation_time: string;
    email: string;
    idempotency_key: null;
  };
  const rows: Row[] = [];
  const scan = (
    storeId: number,
    receiverId: number,
    destinationId: number,
    department: number,
    kg: number,
    day: number,
    minute: number,
  ): Row => ({
    receiver_id: receiverId,
    store_id: storeId,
    reason_id: null,
    destination_id: destinationId,
    department_id: department,
    weight_kg: kg,
    entry_time: iso(localTimeToUtcMs(day, 8 * 3600 + minute * 60)),
    creation_time: iso(localTimeToUtcMs(day, 18 * 3600 + minute)),
    email: SCANNER_EMAIL,
    idempotency_key: null,
  });
  chosen.forEach((link, i) => {
    const day = plan.windowEndDay - 1 - (i % 6);
    const departments = rng.shuffle([1, 2, 3, 4, 5, 6, 7]).slice(0, rng.int(2, 4)).sort();
    for (const department of departments) {
      const kg =
        Math.round(
          Math.min(120, Math.max(0.5, DEPARTMENT_MEDIAN_KG[department - 1] * Math.exp(0.4 * rng.normal()))) * 10,
        ) / 10;
      rows.push(scan(link.storeId, link.receiverId, link.destinationId, department, kg, day, i * 7 + department));
    }
  });
  const first = rows[0];
  const day = plan.windowEndDay - 2;
  const linked = new Set(network.links.map((l) => `${l.storeId}:${l.receiverId}`));
  const store = network.stores[0];
  const stranger = network.receivers.find((r) => r.kind === 'charity' && !linked.has(`${store.id}:${r.id}`))!;
  const link = chosen[0];
  rows.push(
    // Unknown store and unknown receiver: ids the network does not have.
    scan(network.stores.length + 900, link.receiverId, 1, 5, 11.4, day, 301),
    scan(link.storeId, network.receivers.length + 900, 1, 2, 6.2, day, 302),
    // A receiver with no pickup schedule at the store.
    scan(store.id, stranger.id, 1, 6, 9.8, day, 303),
    // The first scan uploaded a second time.
    { ...first, creation_time: iso(Date.parse(first.creation_time) + 3_600_000) },
    // 880 kg of bakery: far above what this store's bakery ever gave.
    scan(link.storeId, link.receiverId, link.destinationId, 1, 880, day, 305),
  );
  await insertChunked((chunk) => db.insertInto('bulk_scan').values(chunk).execute(), rows);
  return rows.length;
}
