import type { Kysely } from 'kysely';
import type { DB } from '../schema.js';
import { insertChunked } from './bulk-load.js';
import { dayToIso, localTimeToUtcMs, monthStart } from './calendar.js';
import { FIRST_NAMES, LAST_NAMES, slugify } from './catalog.js';
import type { PickupPlan } from './donations.js';
import type { DemoNetwork } from './network.js';
import { createRng } from './prng.js';

const HOUR = 3_600_000;
const iso = (ms: number) => new Date(ms).toISOString();
/** Reason shares for no-pickup records, reasons 1..8 (weather weighs more in winter). */
const REASON_WEIGHTS = [0.12, 0.3, 0.14, 0.06, 0.12, 0.08, 0.1, 0.08];
const STAFF_EMAIL = 'staff@openrescue.test';

/** No-pickup records for missed scheduled pickups, and a few recent hand-entered weights for the flows. */
export async function insertBulkScans(db: Kysely<DB>, network: DemoNetwork, plan: PickupPlan, seed: number) {
  const rng = createRng(seed, 'bulk-scans');
  const rows: Record<string, unknown>[] = [];
  // The client sends entry_time already shifted 7 hours back (section 9); the demo stores the same.
  const entryTime = (day: number, hour: number) => iso(localTimeToUtcMs(day, hour * 3600) - 7 * HOUR);
  // About one no-pickup record per dozen pickups of the same year (fewer than the misses at small demo sizes).
  const recentStart = plan.windowEndDay - 364;
  let recentPickups = 0;
  for (let i = 0; i < plan.day.length; i++) if (plan.day[i] >= recentStart && plan.rows[i] > 0) recentPickups++;
  const target = Math.min(3000, Math.max(30, Math.round(recentPickups / 12)));
  const pReason = Math.min(0.6, target / Math.max(1, plan.missed.length));
  for (const miss of plan.missed) {
    if (!rng.chance(pReason)) continue;
    const link = network.links[miss.link];
    const month = new Date(miss.day * 86_400_000).getUTCMonth();
    const weights = REASON_WEIGHTS.map((w, i) => (i === 5 && (month === 11 || month <= 1) ? w * 4 : w));
    rows.push({
      receiver_id: link.receiverId,
      store_id: link.storeId,
      reason_id: rng.weighted(weights) + 1,
      destination_id: 1,
      department_id: null,
      weight_kg: null,
      entry_time: entryTime(miss.day, 12),
      creation_time: iso(localTimeToUtcMs(miss.day + 1, 9 * 3600 + rng.int(0, 7200))),
      email: rng.chance(0.7) ? STAFF_EMAIL : `ops-${rng.int(1, 4)}@openrescue.test`,
      idempotency_key: null,
    });
  }
  // Hand-entered weights of the last ten days, not yet through the flows (one duplicate, one outlier).
  const charityLinks = network.links.filter((l) => l.kind === 'charity');
  for (let n = 1; n <= 8; n++) {
    const link = rng.pick(charityLinks);
    const day = plan.windowEndDay - rng.int(0, 9);
    const departments = rng.shuffle([1, 2, 3, 4, 5, 6, 7]).slice(0, rng.int(2, 5)).sort();
    const submission = departments.map((department) => ({
      receiver_id: link.receiverId,
      store_id: link.storeId,
      reason_id: null,
      destination_id: 1,
      department_id: department,
      weight_kg: n === 5 && department === departments[0] ? 940 : rng.int(2, 120),
      entry_time: entryTime(day, 0),
      creation_time: iso(localTimeToUtcMs(day, 15 * 3600 + n * 60)),
      email: STAFF_EMAIL,
      idempotency_key: `demo-bulk-${seed}-${n}`,
    }));
    rows.push(...submission);
    if (n === 3) rows.push({ ...submission[0], idempotency_key: `demo-bulk-${seed}-${n}-retyped` });
  }
  await insertChunked(
    (chunk) =>
      db
        .insertInto('bulk_scan')
        .values(chunk as never)
        .execute(),
    rows,
  );
  return rows.length;
}

/**
 * Publish files for the last twelve full months (several hundred); all but the latest month are published, and the
 * two months before the latest have a few documents (stored at first start by the job runner, decision 0008).
 */
export async function insertPublishing(db: Kysely<DB>, network: DemoNetwork, plan: PickupPlan, seed: number) {
  const rng = createRng(seed, 'publishing');
  const thisMonth = monthStart(plan.windowEndDay + 1);
  type Scope = number | null;
  const files: {
    id: number;
    type: string;
    company: Scope;
    store: Scope;
    receiver: Scope;
    month: number;
    published: Scope;
  }[] = [];
  for (let m = -12; m <= -1; m++) {
    const month = monthStart(thisMonth, m);
    const monthEnd = monthStart(thisMonth, m + 1) - 1;
    const published = m < -1 ? localTimeToUtcMs(monthStart(thisMonth, m + 1) + 2, 9 * 3600) : null;
    const add = (type: string, company: Scope, store: Scope, receiver: Scope) =>
      files.push({
        id: files.length + 1,
        type,
        company,
        store,
        receiver,
        month,
        published: published && published + files.length * 7000,
      });
    for (const c of network.companies) add('COMPANY_REPORT', c.id, null, null);
    for (const s of network.stores) if (s.startDay <= monthEnd) add('STORE_REPORT', s.companyId, s.id, null);
    const served = new Set(network.links.filter((l) => l.startDay <= monthEnd).map((l) => l.receiverId));
    for (const r of network.receivers) if (served.has(r.id)) add('CHARITY_REPORT', null, null, r.id);
  }
  await insertChunked(
    (chunk) => db.insertInto('publish_file').values(chunk).execute(),
    files.map((f) => ({
      id: f.id,
      file_type: f.type as 'CHARITY_REPORT',
      file_status: f.published ? ('PUBLISHED' as const) : ('READY' as const),
      entry_date: dayToIso(f.month),
      company_id: f.company,
      store_id: f.store,
      receiver_id: f.receiver,
      file_change_time: f.published ? iso(f.published) : null,
      publish_count: f.published ? 1 : 0,
      created_at: iso(localTimeToUtcMs(monthStart(f.month, 1), 6 * 3600)),
    })),
  );

  const documents: Record<string, unknown>[] = [];
  for (const month of [monthStart(thisMonth, -3), monthStart(thisMonth, -2)]) {
    const ofMonth = files.filter((f) => f.month === month && f.published);
    const picked = [
      ...ofMonth.filter((f) => f.type === 'COMPANY_REPORT').slice(0, 3),
      ...ofMonth.filter((f) => f.type === 'STORE_REPORT').slice(0, 3),
      ...ofMonth.filter((f) => f.type === 'CHARITY_REPORT').slice(0, 3),
    ];
    picked.forEach((f, i) => {
      for (const ext of ['xlsx', 'pdf'] as const) {
        const failed = i === 4 && ext === 'pdf';
        const sent = f.type === 'CHARITY_REPORT' && !failed;
        documents.push({
          publish_file_id: f.id,
          company_id: f.company,
          store_id: f.store,
          receiver_id: f.receiver,
          file_type: ext,
          entry_date: dayToIso(f.month),
          creation_time: iso(f.published! + rng.int(5, 90) * 1000),
          file_status: failed ? 'QUEUE:RENDER:ERROR' : sent ? 'SENT:EMAIL:SUCCESS' : 'QUEUE:RENDER:SUCCESS',
          file_uri: failed ? null : `generated/${dayToIso(f.month)}/${f.id}-v1.${ext}`,
          version: 1,
          byte_size: null,
          job_id: 'publish_all',
          error: failed ? 'Renderer timed out after 60 s' : null,
        });
      }
    });
  }
  await insertChunked(
    (chunk) =>
      db
        .insertInto('generated_file')
        .values(chunk as never)
        .execute(),
    documents,
  );
  return { publish_files: files.length, generated_files: documents.length };
}

/** Finished jobs for the Jobs History panel and entries for the Logs screen. */
export async function insertJobsAndLogs(db: Kysely<DB>, network: DemoNetwork, plan: PickupPlan) {
  // Entries name stores and receivers as staff know them (decision 0064).
  const storeName = (id: number) => network.stores.find((s) => s.id === id)?.name ?? `unknown store ${id}`;
  const receiverName = (id: number) => network.receivers.find((r) => r.id === id)?.name ?? `unknown receiver ${id}`;
  const at = (daysAgo: number, hour: number) => iso(localTimeToUtcMs(plan.windowEndDay + 1 - daysAgo, hour * 3600));
  const jobs: [id: string, name: string, total: number, processed: number, error: string | null, daysAgo: number][] = [
    ['publish_all', 'publish_all', 40, 40, null, 35],
    ['publish_company_2', 'publish_company_2', 8, 8, null, 12],
    [
      'flow_loadBulkScanToQa_1',
      'flow_loadBulkScanToQa',
      46,
      31,
      'Lost the database connection; safe to start again',
      6,
    ],
  ];
  await db
    .insertInto('jobs')
    .values(
      jobs.map(([id, name, total, processed, error, daysAgo]) => ({
        id,
        name,
        kind: id.split('_')[0],
        total,
        processed,
        status: error ? ('failed' as const) : ('succeeded' as const),
        error,
        payload: '{}',
        created_at: at(daysAgo, 9),
        updated_at: at(daysAgo, 10),
      })),
    )
    .execute();
  const logs: [target: string, error: string, jobId: string | null, daysAgo: number][] = [
    [
      'flow_loadBulkScanToQa',
      `Bulk scan 12: ${receiverName(14)} has no pickup schedule with ${storeName(7)}`,
      'flow_loadBulkScanToQa_1',
      6,
    ],
    [
      'flow_loadBulkScanToQa',
      'Bulk scan 31: 940 kg is far above the store history for Produce',
      'flow_loadBulkScanToQa_1',
      6,
    ],
    [
      'flow_triggerBulkScanToDonationFlow',
      'Stopped at loadBulkScanToQa: lost the database connection; safe to start again',
      null,
      6,
    ],
    ['publish_all', 'Renderer timed out after 60 s (pdf); the file can be published again', 'publish_all', 35],
    ['mail', 'SMTP 451 temporary failure for coordinator@enderby-family-table.example; will retry', null, 20],
    ['transcripts_ingest', 'Transcript arrived without sentiment analysis; local analysis used', null, 3],
  ];
  await db
    .insertInto('custom_debug_log')
    .values(
      logs.map(([target, error, jobId, daysAgo]) => ({
        target,
        error,
        job_id: jobId,
        creation_time: at(daysAgo, 10),
      })),
    )
    .execute();
}

/** Report-link recipients of every charity hub. */
export async function insertReceiverContacts(db: Kysely<DB>, network: DemoNetwork, seed: number) {
  const rng = createRng(seed, 'contacts');
  type Contact = { receiver_id: number; email: string; first_name: string; last_name: string };
  const rows: (Contact & { report_type: 'CHARITY_REPORT' | 'POSTER' })[] = [];
  for (const r of network.receivers.filter((x) => x.kind === 'charity')) {
    const people = rng.shuffle(FIRST_NAMES.map((f, i) => [f, LAST_NAMES[(i * 7 + r.id) % LAST_NAMES.length]]));
    const count = rng.int(1, 3);
    for (let i = 0; i < count; i++) {
      const [first, last] = people[i];
      const email = `${first}.${last}@${slugify(r.name)}.example`.toLowerCase();
      const contact: Contact = { receiver_id: r.id, email, first_name: first, last_name: last };
      rows.push({ ...contact, report_type: 'CHARITY_REPORT' });
      if (i === 0 && rng.chance(0.3)) rows.push({ ...contact, report_type: 'POSTER' });
    }
  }
  await db.insertInto('receiver_contact').values(rows).execute();
  return rows.length;
}
