// The reports module's API paths, apart from its zod schemas: pages that only call the API import these without
// pulling zod in (the bundle budgets, scripts/check-bundles.mjs).

/** Spec 7.3 reports: donation totals, raw donations (report-lists.ts), store and receiver report headers. */
export const reportsPaths = {
  donationTotals: '/core-api/api/retail/reports/donation_totals',
  donations: '/core-api/api/retail/reports/donations',
  stores: '/core-api/api/reports/stores',
  store: '/core-api/api/reports/stores/:id',
  receiver: '/core-api/api/reports/receivers/:id',
} as const;
