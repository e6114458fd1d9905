import type { ColumnType, Generated } from 'kysely';

/** timestamptz: a Date when read; a Date or ISO string when written. */
export type Timestamp = ColumnType<Date, Date | string, Date | string>;
/** date (yyyy-mm-dd): read as a Date at midnight; write a 'yyyy-mm-dd' string to avoid time-zone shifts. */
export type DateColumn = ColumnType<Date, Date | string, Date | string>;
/** numeric and bigint: read as JS numbers (see connection.ts); written as numbers or decimal strings. */
export type Numeric = ColumnType<number, number | string, number | string>;
export type Json = ColumnType<unknown, string, string>;
export type JsonObject = ColumnType<Record<string, unknown>, string, string>;
type Default<T> = ColumnType<T, T | undefined, T>;
/** timestamptz with a database default. */
export type DefaultTimestamp = ColumnType<Date, Date | string | undefined, Date | string>;

// ---- accounts (001_auth.sql, better-auth's camelCase columns) ----
export interface UserTable {
  id: Generated<string>; name: string; email: string; emailVerified: boolean;
  image: string | null; createdAt: DefaultTimestamp; updatedAt: DefaultTimestamp;
  staff: Generated<boolean>;
}
export interface SessionTable {
  id: Generated<string>; expiresAt: Timestamp; token: string; createdAt: DefaultTimestamp;
  updatedAt: Timestamp; ipAddress: string | null; userAgent: string | null; userId: string;
  /** The session this one was rotated from, first of its chain (decision 0023); null for a signed-in session. */
  chainId: string | null;
}
/** A session token replaced by rotation, kept to recognise its reuse (decision 0023). */
export interface SessionRotatedTable {
  token_hash: string; chain_id: string; user_id: string; rotated_at: DefaultTimestamp; expires_at: Timestamp;
}
export interface StoredFileTable { key: string; data: Uint8Array; size: number; stored_at: DefaultTimestamp }
export interface RateLimitWindowTable { key: string; hits: number; ends_at: Timestamp }
export interface AccountTable {
  id: Generated<string>; accountId: string; providerId: string; userId: string;
  accessToken: string | null; refreshToken: string | null; idToken: string | null;
  accessTokenExpiresAt: Timestamp | null; refreshTokenExpiresAt: Timestamp | null;
  scope: string | null; password: string | null; createdAt: DefaultTimestamp; updatedAt: Timestamp;
}
export interface VerificationTable {
  id: Generated<string>; identifier: string; value: string; expiresAt: Timestamp;
  createdAt: DefaultTimestamp; updatedAt: DefaultTimestamp;
}
export interface JwksTable {
  id: Generated<string>; publicKey: string; privateKey: string; createdAt: Timestamp;
  expiresAt: Timestamp | null; alg: string | null; crv: string | null;
}
export interface AppSecretTable { name: string; value: string; created_at: DefaultTimestamp }
export interface SchemaMigrationsTable { version: string; applied_at: DefaultTimestamp }

// ---- reference data (002) ----
export interface DepartmentTable { id: number; name: string }
export interface DestinationTable { id: number; name: string }
export interface ReasonTable { id: number; reason: string }
export interface RegionTable {
  code: string; name: string; zoom: number; center_lon: number; center_lat: number;
  secret: string; polygon: Json | null; page_title: string; sort_order: Default<number>;
}
export interface ImpactFactorTable {
  id: Generated<number>; version: number; destination_id: number; department_id: number | null;
  meals_per_kg: Numeric; co2e_per_kg: Numeric; money_per_kg: Numeric; effective_from: DateColumn;
  source_note: string; created_at: DefaultTimestamp;
}

// ---- retail network (002) ----
export interface CompanyTable { id: Generated<number>; name: string; logo_image_url: string | null; created_at: DefaultTimestamp }
interface Place {
  address: string; city: string; postal_code: string | null; region: string;
  areas: Default<string[]>; lon: number | null; lat: number | null;
  token_version: Default<number>; created_at: DefaultTimestamp;
}
export interface StoreTable extends Place {
  id: Generated<number>; name: string; company_id: number; store_type: Default<string>;
  start_date: DateColumn;
}
export type ReceiverType = 'HUB' | 'FARM';
export type DiversionType = 'Charity' | 'Farm' | 'Compost';
export interface ReceiverTable extends Place {
  id: Generated<number>; name: string; receiver_type: ReceiverType; diversion_type: DiversionType;
  contact_email: string | null; nr_supported_charities: Default<number>;
}
export interface StoreReceiverTable {
  store_id: number; receiver_id: number; schedule_code: string; is_lead_charity: Default<boolean>;
  started_on: DateColumn; ended_on: DateColumn | null;
}
interface Metrics {
  weight_kg: Numeric; meals_provided: Numeric; food_rescued_kg: Numeric;
  co2_emissions_kg: Numeric; money_saved: Numeric;
}
export type DonationSource = 'scan' | 'bulk' | 'import';
export interface DonationTable extends Metrics {
  id: Generated<number>; entry_time: Timestamp; destination_id: number; company_id: number;
  store_id: number; receiver_id: number; department_id: number; impact_factor_version: number;
  source: Default<DonationSource>; adjusted_scan_id: number | null; created_at: DefaultTimestamp;
}
export interface DonationMonthlyTable extends Metrics {
  month: DateColumn; company_id: number; store_id: number; receiver_id: number;
  department_id: number; destination_id: number; donation_count: number;
}
/** 005: day x company x department x destination (America/Vancouver days), kept exact by triggers. */
export interface DonationDailyTable extends Metrics {
  day: DateColumn; company_id: number; department_id: number; destination_id: number; donation_count: number;
}
/** 005: Monday week x company x department x destination, kept exact by triggers. */
export interface DonationWeeklyTable extends Metrics {
  week: DateColumn; company_id: number; department_id: number; destination_id: number; donation_count: number;
}
/** 005: month x company x department x destination, kept exact by triggers. */
export interface DonationMonthlyCompanyTable extends Metrics {
  month: DateColumn; company_id: number; department_id: number; destination_id: number; donation_count: number;
}

// ---- operations (003) ----
export interface CompanyUserTable {
  id: Generated<number>; user_id: string; company_id: number; store_id: number | null;
  report_store_id: number | null; company_user_role: number; created_at: DefaultTimestamp;
}
interface ScanFields {
  receiver_id: number; store_id: number; reason_id: number | null; destination_id: number;
  department_id: number | null; weight_kg: Numeric | null; entry_time: Timestamp;
  email: string | null;
}
export interface BulkScanTable extends Omit<ScanFields, 'destination_id'> {
  id: Generated<number>; destination_id: Default<number>; creation_time: DefaultTimestamp;
  idempotency_key: string | null;
  /** The donation a console entry became (migration 012); null for scans the flows load. */
  donation_id: number | null;
  /** The signed-in user who entered it in the console (migration 016); null for scanner uploads. */
  author_id: Default<string | null>;
}
export type QaCheckStatus = 'pending' | 'clean' | 'problem';
export interface BulkScanQaTable extends ScanFields {
  id: Generated<number>; bulk_scan_id: number; check_status: Default<QaCheckStatus>;
  problem: string | null; job_id: string | null; loaded_at: DefaultTimestamp;
  checked_at: Timestamp | null;
}
export interface AdjustedScanTable {
  id: Generated<number>; bulk_scan_qa_id: number; bulk_scan_id: number; company_id: number;
  store_id: number; receiver_id: number; department_id: number; destination_id: number;
  weight_kg: Numeric; entry_time: Timestamp; job_id: string | null; created_at: DefaultTimestamp;
  migrated_at: Timestamp | null;
}
export type PublishFileType = 'CHARITY_REPORT' | 'STORE_REPORT' | 'COMPANY_REPORT';
export type PublishFileStatus = 'READY' | 'PUBLISHING' | 'PUBLISHED' | 'FAILED';
export interface PublishFileTable {
  id: Generated<number>; file_type: PublishFileType; file_status: Default<PublishFileStatus>;
  entry_date: DateColumn; company_id: number | null; store_id: number | null;
  receiver_id: number | null; file_change_time: Timestamp | null; publish_count: Default<number>;
  created_at: DefaultTimestamp;
}
export interface GeneratedFileTable {
  id: Generated<number>; publish_file_id: number; company_id: number | null;
  store_id: number | null; receiver_id: number | null; file_type: 'xlsx' | 'pdf';
  entry_date: DateColumn; creation_time: DefaultTimestamp;
  /** STAGE:STEP:RESULT, e.g. QUEUE:RENDER:SUCCESS */
  file_status: string; file_uri: string | null; version: Default<number>;
  byte_size: number | null; job_id: string | null; error: string | null;
}
export type JobStatusValue = 'started' | 'progressing' | 'initialized' | 'succeeded' | 'failed';
export interface JobsTable {
  id: string; name: string; kind: string; total: Default<number>; processed: Default<number>;
  status: JobStatusValue; error: string | null;
  payload: ColumnType<Record<string, unknown>, string | undefined, string>;
  created_by: string | null; created_at: DefaultTimestamp; updated_at: DefaultTimestamp;
}
/** 009: the files of a publish job and how far each got (decision 0008). */
export type JobItemState = 'pending' | 'done' | 'failed';
export interface JobItemTable {
  job_id: string; seq: number; publish_file_id: number; state: Default<JobItemState>;
  finish_order: number | null; finished_at: Timestamp | null; error: string | null;
}
export interface CustomDebugLogTable {
  id: Generated<number>; target: string; error: string; detail: Json | null;
  job_id: string | null; creation_time: DefaultTimestamp;
}
export interface ReceiverContactTable {
  id: Generated<number>; receiver_id: number; email: string; first_name: string | null;
  last_name: string | null; report_type: Default<'CHARITY_REPORT' | 'POSTER'>;
  last_mailed_at: Timestamp | null; created_at: DefaultTimestamp;
}
export interface MailOutboxTable {
  id: Generated<number>; to_address: string; subject: string; body_text: string;
  body_html: string | null; status: Default<'queued' | 'sent' | 'failed'>;
  attempts: Default<number>; last_error: string | null; receiver_contact_id: number | null;
  job_id: string | null; created_at: DefaultTimestamp; next_attempt_at: DefaultTimestamp;
  sent_at: Timestamp | null;
  /** 008: the charity poster send this mail belongs to; unique with receiver_contact_id. */
  send_id: string | null;
}
export interface RequestIdempotencyTable {
  scope: string; key: string; request_hash: string; status_code: number; response: Json;
  created_at: DefaultTimestamp;
}

// ---- network map and transcripts (004) ----
export interface NetworkOrganizationTable {
  id: Generated<number>; sf_id: string | null; name: string; address: string | null;
  city: string | null; province: string | null; postal_code: string | null;
  country: string | null; phone: string | null; website: string | null; sf_type: string;
  sf_industry: string | null;
  /** attribute name -> true, e.g. { "Marketplace": true } */
  sf_attributes: ColumnType<Record<string, boolean>, string | undefined, string>;
  sf_account_stage: string | null; lon: number | null; lat: number | null;
  areas: Default<string[]>; verified: Default<0 | 1 | 2>; store_id: number | null;
  receiver_id: number | null; created_at: DefaultTimestamp; updated_at: DefaultTimestamp;
}
export interface NetworkDonationTable extends Metrics {
  id: Generated<number>; network_organization_id: number; entry_time: Timestamp;
  destination_id: number; impact_factor_version: number; created_at: DefaultTimestamp;
}
export interface TranscriptTable {
  id: Generated<number>; created_at: DefaultTimestamp; updated_at: DefaultTimestamp;
  tw_call_sid: string | null; tw_recording_sid: string | null; tw_caller_name: string | null;
  tw_to_number: string | null; tw_from_number: string | null;
  tw_call_direction: 'inbound' | 'outbound-api' | 'outbound-dial' | null;
  tw_call_length: number | null; tw_call_status: string | null; aai_transcript_id: string | null;
  aai_headline: string | null; aai_summary: string | null; sentiment_score: -1 | 0 | 1 | null;
  sentiment_data: JsonObject | null; transcript_from_aai: JsonObject | null;
  analysis_source: Default<'aai' | 'local'>; audio_uri: string | null;
  /** Migration 011 (issue 7). */
  store_id: number | null; receiver_id: number | null;
  store_match: TranscriptMatch | null; receiver_match: TranscriptMatch | null; linked_at: Timestamp | null;
  aai_gist: string | null; audio_content_type: string | null; audio_byte_size: number | null;
  analysis_local: Default<string[]>; integration_key_id: number | null;
  /** Migration 017 (issue 32): the key that created the call (only it may change the call), the analysis job's state. */
  created_by_key_id: number | null; analysis_status: 'pending' | 'done' | 'failed' | null;
  analysis_input: JsonObject | null; analysis_seq: Default<number>;
}
export type TranscriptMatch = 'phone' | 'caller_name' | 'name';
export interface IntegrationKeyTable {
  id: Generated<number>; name: string; key_hash: string; scope: Default<'transcripts'>;
  created_at: DefaultTimestamp; last_used_at: Timestamp | null; revoked_at: Timestamp | null;
}

export interface DB {
  user: UserTable; session: SessionTable; session_rotated: SessionRotatedTable; account: AccountTable; verification: VerificationTable;
  jwks: JwksTable; app_secret: AppSecretTable; schema_migrations: SchemaMigrationsTable;
  department: DepartmentTable; destination: DestinationTable; reason: ReasonTable;
  region: RegionTable; impact_factor: ImpactFactorTable; company: CompanyTable; store: StoreTable;
  receiver: ReceiverTable; store_receiver: StoreReceiverTable; donation: DonationTable;
  donation_monthly: DonationMonthlyTable; company_user: CompanyUserTable;
  bulk_scan: BulkScanTable; bulk_scan_qa: BulkScanQaTable; adjusted_scan: AdjustedScanTable;
  publish_file: PublishFileTable; generated_file: GeneratedFileTable; jobs: JobsTable; job_item: JobItemTable;
  custom_debug_log: CustomDebugLogTable; receiver_contact: ReceiverContactTable;
  mail_outbox: MailOutboxTable; request_idempotency: RequestIdempotencyTable;
  network_organization: NetworkOrganizationTable; network_donation: NetworkDonationTable;
  transcript: TranscriptTable; integration_key: IntegrationKeyTable;
  donation_daily: DonationDailyTable; donation_weekly: DonationWeeklyTable;
  donation_monthly_company: DonationMonthlyCompanyTable;
  stored_file: StoredFileTable; rate_limit_window: RateLimitWindowTable;
}
