// The network module's API paths, apart from its zod schemas: pages that only call the API import these without
// pulling zod in (the bundle budgets, scripts/check-bundles.mjs).

/**
 * The network map. Each staff path has a public twin under /public/ (decision 0011) that takes the region's secret;
 * `public` of a staff path gives it.
 */
export const networkPaths = {
  organizations: '/core-api/api/retail/network/',
  impact: '/core-api/api/network/impact',
  donationTotals: '/core-api/api/network/donation_totals',
  regions: '/core-api/api/network/regions',
  publicRegion: '/core-api/api/public/network/region',
  publicOrganizations: '/core-api/api/public/retail/network/',
  publicImpact: '/core-api/api/public/network/impact',
  publicDonationTotals: '/core-api/api/public/network/donation_totals',
  /** CSV import of CRM accounts (decision 0054): POST a file to preview, POST it to import as a job, GET the job. */
  importPreview: '/core-api/api/network/import/preview',
  importStart: '/core-api/api/network/import',
  importJob: '/core-api/api/network/import/:id',
} as const;
export type NetworkDataPath = (typeof networkPaths)['organizations' | 'impact' | 'donationTotals'];
const PUBLIC_TWIN = {
  [networkPaths.organizations]: networkPaths.publicOrganizations,
  [networkPaths.impact]: networkPaths.publicImpact,
  [networkPaths.donationTotals]: networkPaths.publicDonationTotals,
} as const;
/** The public twin of a staff data path. */
export const publicNetworkPath = (path: NetworkDataPath) => PUBLIC_TWIN[path];
