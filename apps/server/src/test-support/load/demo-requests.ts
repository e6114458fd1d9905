import { api } from '../processes/server-process.js';
import type { RetailFixture } from '../fixtures/retail.js';

/** The client dashboard's totals request (company 1, one year by department), as the scenarios send it. */
export const DASHBOARD_TOTALS =
  '/core-api/api/retail/reports/donation_totals?entry_time__gte=2025-01-01&entry_time__lte=2025-12-31' +
  '&from_company_id=1&annotate=from_department_id&annotate_metrics=true&page_size=10000';

export const STORES_PAGE = '/core-api/api/retail/stores?expand=receivers&page_size=50&page=1';

/** A demo store and a receiver it is linked to: where the scenarios' weight entries go. */
export async function linkedStore(
  base: string,
  staffToken: string,
): Promise<Pick<RetailFixture, 'storeId' | 'receiverId'>> {
  const stores = await api(base, staffToken, STORES_PAGE);
  const store = stores.body.results.find((s: { receivers: unknown[] }) => s.receivers.length > 0);
  return { storeId: store.id, receiverId: store.receivers[0].id ?? store.receivers[0] };
}
