import { reportDay } from '@openrescue/shared';
import { sql } from 'kysely';
import type { TestApp } from '../../test-support/test-app.js';
import { addDays, localMidnightMicros } from '../reports/time-bounds.js';
import { insertBulkScans, loadImpactFactors, type NewBulkScan } from './bulkscan.repository.js';
import { createImpactCalculator } from './bulkscan.service.js';

export interface RetailFixture {
  companyId: number;
  storeId: number;
  otherStoreId: number;
  receiverId: number;
  sundayReceiverId: number;
  unlinkedReceiverId: number;
}

/**
 * A small company of its own for exact expectations: store A (receiver MWF, lead charity, since 2020; receiver U
 * until 2026-02-15), store B linked to nobody, and a receiver linked to no store.
 */
export async function createRetailFixture(t: TestApp): Promise<RetailFixture> {
  const db = t.database.db;
  const company = await db.insertInto('company').values({ name: `Fixture Foods ${Date.now()}` }).returning('id').executeTakeFirstOrThrow();
  const store = (name: string) => db.insertInto('store').values({
    name, company_id: company.id, store_type: 'Supermarket', address: '1 Main St', city: 'Vernon', region: 'rdno',
    start_date: '2020-01-01',
  }).returning('id').executeTakeFirstOrThrow();
  const receiver = (name: string) => db.insertInto('receiver').values({
    name, receiver_type: 'HUB', diversion_type: 'Charity', address: '2 Side St', city: 'Vernon', region: 'rdno',
  }).returning('id').executeTakeFirstOrThrow();
  const a = await store('Fixture Store Alpha');
  const b = await store('Fixture Store Beta');
  const mwf = await receiver('Fixture Food Bank');
  const sunday = await receiver('Fixture Sunday Pantry');
  const unlinked = await receiver('Fixture Unlinked Hub');
  await db.insertInto('store_receiver').values([
    { store_id: a.id, receiver_id: mwf.id, schedule_code: 'MWF', is_lead_charity: true, started_on: '2020-01-01' },
    { store_id: a.id, receiver_id: sunday.id, schedule_code: 'U', is_lead_charity: false, started_on: '2020-01-01', ended_on: '2026-02-15' },
  ]).execute();
  return {
    companyId: Number(company.id), storeId: Number(a.id), otherStoreId: Number(b.id), receiverId: Number(mwf.id),
    sundayReceiverId: Number(sunday.id), unlinkedReceiverId: Number(unlinked.id),
  };
}

/** A no-pickup record (reason) as the flow's source table holds it. */
export async function insertNoPickup(t: TestApp, storeId: number, receiverId: number, reasonId: number, entryTime: string) {
  await sql`insert into bulk_scan (receiver_id, store_id, reason_id, entry_time, email)
    values (${receiverId}, ${storeId}, ${reasonId}, ${entryTime}::timestamptz, 'driver@fixture.test')`.execute(t.database.db);
}

/**
 * An instant `days` days before the network's today (America/Vancouver) at `hour`:00 local time, as ISO. POST
 * bulkscan/ accepts entry times within a back-date window only (decision 0038), so its tests use relative dates.
 */
export function daysAgo(days: number, hour = 10): string {
  return new Date(localMidnightMicros(addDays(reportDay(), -days)) / 1000 + hour * 3_600_000).toISOString();
}

export const item = (f: Pick<RetailFixture, 'storeId' | 'receiverId'>, over: Record<string, unknown> = {}) => ({
  store_id: f.storeId, department: 1, email: 'staff@openrescue.test', weight_kg: 12, receiver_id: f.receiverId,
  destination: 1, entry_time: daysAgo(3), ...over,
});

/**
 * Weights as a console entry stores them (bulk_scan + donation, donation_id set), on dates the endpoint's back-date
 * window no longer takes: history for tests that need fixed calendar dates (stipend months, flow duplicates).
 */
export async function plantConsoleWeights(
  t: TestApp, f: Pick<RetailFixture, 'storeId' | 'companyId'>,
  entries: Array<{ receiverId: number; department?: number; kg: number; at: string }>,
) {
  return t.database.db.transaction().execute(async (trx) => {
    const impactOf = createImpactCalculator(await loadImpactFactors(trx));
    const rows: NewBulkScan[] = entries.map((e) => {
      const department = e.department ?? 1;
      const { impact } = impactOf(1, department, e.kg, e.at);
      if (!impact) throw new Error(`no impact factor on ${e.at}`);
      return { store_id: f.storeId, company_id: f.companyId, receiver_id: e.receiverId, department_id: department,
        weight_kg: e.kg, entry_time: e.at, author_id: null, email: 'staff@openrescue.test', ...impact };
    });
    return insertBulkScans(trx, rows, null);
  });
}
