import type { AppContext } from './context.js';
import { ensureDemoAccounts } from './demo-accounts.js';

/** First start on an empty database: the demo network and the demo accounts. Later starts reuse them. */
export async function prepareDemo(ctx: AppContext, donations: number, log: (line: string) => void) {
  const { db } = ctx.database;
  const existing = await db.selectFrom('company').select('id').limit(1).execute();
  if (existing.length === 0) {
    const started = Date.now();
    log(`Creating the demo network (${donations.toLocaleString('en-US')} donations)...`);
    const { seedDemoData } = await import('./db/demo/index.js');
    await seedDemoData(db, ctx.database, { donations });
    log(`Demo network ready in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  }
  const ids = await ensureDemoAccounts(ctx.auth);
  const { linkDemoCompanyUsers, linkDemoReceiverUser } = await import('./db/demo/index.js');
  await linkDemoCompanyUsers(db, { companyUserId: ids.company, storeUserId: ids.store, setupUserId: ids.setup });
  await linkDemoReceiverUser(db, ids.charity);
}
