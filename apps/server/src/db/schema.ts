/**
 * The database as Kysely sees it: one interface per table, by migration, in schema/ (accounts, retail network and
 * donations, operations, network map and transcripts; column types in schema/columns.ts), gathered here into DB.
 */
import type {
  AccountTable,
  AppSecretTable,
  JwksTable,
  RateLimitWindowTable,
  SchemaMigrationsTable,
  SessionRotatedTable,
  SessionTable,
  StoredFileTable,
  UserTable,
  VerificationTable,
} from './schema/accounts.js';
import type {
  CompanyTable,
  DepartmentTable,
  DestinationTable,
  DonationDailyTable,
  DonationMonthlyCompanyTable,
  DonationMonthlyTable,
  DonationTable,
  DonationWeeklyTable,
  ImpactFactorTable,
  ReasonTable,
  ReceiverTable,
  RegionTable,
  StoreReceiverTable,
  StoreTable,
} from './schema/retail.js';
import type {
  AdjustedScanTable,
  BulkScanQaTable,
  BulkScanTable,
  CompanyUserTable,
  CustomDebugLogTable,
  GeneratedFileTable,
  JobItemTable,
  JobsTable,
  MailOutboxTable,
  PosterLinkTable,
  PublishFileTable,
  ReceiverContactTable,
  RequestIdempotencyTable,
} from './schema/operations.js';
import type {
  IntegrationKeyTable,
  NetworkDonationTable,
  NetworkOrganizationTable,
  TranscriptTable,
} from './schema/network.js';
import type { AuditEventTable } from './schema/audit.js';
import type { CompanyApiKeyTable } from './schema/api-keys.js';
import type {
  ReceiverUserInvitationTable,
  ReceiverUserReceiverTable,
  ReceiverUserTable,
} from './schema/receiver-users.js';

export * from './schema/columns.js';
export * from './schema/accounts.js';
export * from './schema/retail.js';
export * from './schema/operations.js';
export * from './schema/network.js';
export * from './schema/audit.js';
export * from './schema/receiver-users.js';

export interface DB {
  user: UserTable;
  session: SessionTable;
  session_rotated: SessionRotatedTable;
  account: AccountTable;
  verification: VerificationTable;
  jwks: JwksTable;
  app_secret: AppSecretTable;
  schema_migrations: SchemaMigrationsTable;
  department: DepartmentTable;
  destination: DestinationTable;
  reason: ReasonTable;
  region: RegionTable;
  impact_factor: ImpactFactorTable;
  company: CompanyTable;
  store: StoreTable;
  receiver: ReceiverTable;
  store_receiver: StoreReceiverTable;
  donation: DonationTable;
  donation_monthly: DonationMonthlyTable;
  company_user: CompanyUserTable;
  bulk_scan: BulkScanTable;
  bulk_scan_qa: BulkScanQaTable;
  adjusted_scan: AdjustedScanTable;
  publish_file: PublishFileTable;
  generated_file: GeneratedFileTable;
  jobs: JobsTable;
  job_item: JobItemTable;
  custom_debug_log: CustomDebugLogTable;
  receiver_contact: ReceiverContactTable;
  mail_outbox: MailOutboxTable;
  poster_link: PosterLinkTable;
  request_idempotency: RequestIdempotencyTable;
  network_organization: NetworkOrganizationTable;
  network_donation: NetworkDonationTable;
  transcript: TranscriptTable;
  integration_key: IntegrationKeyTable;
  donation_daily: DonationDailyTable;
  donation_weekly: DonationWeeklyTable;
  donation_monthly_company: DonationMonthlyCompanyTable;
  stored_file: StoredFileTable;
  rate_limit_window: RateLimitWindowTable;
  audit_event: AuditEventTable;
  company_api_key: CompanyApiKeyTable;
  receiver_user: ReceiverUserTable;
  receiver_user_receiver: ReceiverUserReceiverTable;
  receiver_user_invitation: ReceiverUserInvitationTable;
}
