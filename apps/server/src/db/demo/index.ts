export { linkDemoCompanyUsers, DEMO_REPORT_STORE_ID } from './company-users.js';
export { demoCharityReceiverId, linkDemoReceiverUser } from './receiver-users.js';
export {
  DOMAIN_TABLES,
  isDomainEmpty,
  resetDomainData,
  seedDemoData,
  type SeedOptions,
  type SeedSummary,
} from './seed-demo-data.js';
