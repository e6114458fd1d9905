// The lookups module's API paths, apart from its zod schemas: pages that only call the API import these without
// pulling zod in (the bundle budgets, scripts/check-bundles.mjs).

/** The lookup lists (spec 7.3) and the ops console's store and receiver lists. */
export const lookupsPaths = {
  companies: '/core-api/api/companies',
  receivers: '/core-api/api/receivers',
  stores: '/core-api/api/stores',
  reasons: '/core-api/api/reasons',
  retailStores: '/core-api/api/retail/stores',
  retailReceivers: '/core-api/api/retail/receivers',
} as const;
