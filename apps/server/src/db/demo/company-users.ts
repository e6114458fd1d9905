import type { Kysely } from 'kysely';
import type { DB } from '../schema.js';

/** The demo store user's reporting store: the first store of company 1. */
export const DEMO_REPORT_STORE_ID = 1;

/**
 * Company user records of the demo accounts (DESIGN section 4): company@openrescue.test gets role 1 on company 1
 * (all stores); store@openrescue.test gets role 2 on company 1 with one reporting store; setup@openrescue.test gets
 * role 2 on company 1 with no reporting store (the 'Account setup not completed' state). Safe to call on every
 * start: existing records of these users are brought back to these values.
 */
export async function linkDemoCompanyUsers(
  db: Kysely<DB>,
  { companyUserId, storeUserId, setupUserId }: { companyUserId: string; storeUserId: string; setupUserId?: string },
): Promise<void> {
  const store = await db
    .selectFrom('store')
    .select('id')
    .where('id', '=', DEMO_REPORT_STORE_ID)
    .where('company_id', '=', 1)
    .executeTakeFirst();
  if (!store) throw new Error(`Demo store ${DEMO_REPORT_STORE_ID} of company 1 is missing: seed the demo data first.`);
  await db
    .insertInto('company_user')
    .values([
      { user_id: companyUserId, company_id: 1, store_id: null, report_store_id: -1, company_user_role: 1 },
      {
        user_id: storeUserId,
        company_id: 1,
        store_id: DEMO_REPORT_STORE_ID,
        report_store_id: DEMO_REPORT_STORE_ID,
        company_user_role: 2,
      },
      ...(setupUserId
        ? [{ user_id: setupUserId, company_id: 1, store_id: null, report_store_id: -1, company_user_role: 2 }]
        : []),
    ])
    .onConflict((oc) =>
      oc.column('user_id').doUpdateSet((eb) => ({
        company_id: eb.ref('excluded.company_id'),
        store_id: eb.ref('excluded.store_id'),
        report_store_id: eb.ref('excluded.report_store_id'),
        company_user_role: eb.ref('excluded.company_user_role'),
      })),
    )
    .execute();
}
