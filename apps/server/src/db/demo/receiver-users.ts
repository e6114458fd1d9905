import { sql, type Kysely } from 'kysely';
import type { DB } from '../schema.js';
import { DEMO_REPORT_STORE_ID } from './company-users.js';

/**
 * The demo charity user's receiver: of the receivers the demo report store gives to, the one with the most
 * donations (a long history on the charity's dashboard and reports). The demo network is deterministic, so this is
 * the same receiver on every start.
 */
export async function demoCharityReceiverId(db: Kysely<DB>): Promise<number> {
  const row = await db
    .selectFrom('donation_monthly')
    .select(['receiver_id', sql<string>`sum(donation_count)`.as('n')])
    .where('store_id', '=', DEMO_REPORT_STORE_ID)
    .groupBy('receiver_id')
    .orderBy(sql`sum(donation_count)`, 'desc')
    .orderBy('receiver_id')
    .limit(1)
    .executeTakeFirst();
  if (!row) throw new Error(`Demo store ${DEMO_REPORT_STORE_ID} has no donations: seed the demo data first.`);
  return Number(row.receiver_id);
}

/**
 * charity@openrescue.test's receiver user record (decision 0066): linked to the demo charity receiver. Safe on every
 * start: an existing record is brought back to that one receiver.
 */
export async function linkDemoReceiverUser(db: Kysely<DB>, userId: string): Promise<number> {
  const receiverId = await demoCharityReceiverId(db);
  await db.transaction().execute(async (trx) => {
    const row = await trx
      .insertInto('receiver_user')
      .values({ user_id: userId })
      .onConflict((oc) => oc.column('user_id').doUpdateSet({ updated_at: sql<Date>`now()` }))
      .returning('id')
      .executeTakeFirstOrThrow();
    await trx.deleteFrom('receiver_user_receiver').where('receiver_user_id', '=', row.id).execute();
    await trx
      .insertInto('receiver_user_receiver')
      .values({ receiver_user_id: row.id, receiver_id: receiverId })
      .execute();
  });
  return receiverId;
}
