import type { ColumnType, Generated } from 'kysely';
import type { Timestamp, DateColumn, Numeric, Json, Default, DefaultTimestamp } from './columns.js';

// ---- operations (003) ----
export interface CompanyUserTable {
  id: Generated<number>;
  user_id: string;
  company_id: number;
  store_id: number | null;
  report_store_id: number | null;
  company_user_role: number;
  created_at: DefaultTimestamp;
}
interface ScanFields {
  receiver_id: number;
  store_id: number;
  reason_id: number | null;
  destination_id: number;
  department_id: number | null;
  weight_kg: Numeric | null;
  entry_time: Timestamp;
  email: string | null;
}
export interface BulkScanTable extends Omit<ScanFields, 'destination_id'> {
  id: Generated<number>;
  destination_id: Default<number>;
  creation_time: DefaultTimestamp;
  idempotency_key: string | null;
  /** The donation a console entry became (migration 012); null for scans the flows load. */
  donation_id: number | null;
  /** The signed-in user who entered it in the console (migration 016); null for scanner uploads. */
  author_id: Default<string | null>;
}
export type QaCheckStatus = 'pending' | 'clean' | 'problem';
export interface BulkScanQaTable extends ScanFields {
  id: Generated<number>;
  bulk_scan_id: number;
  check_status: Default<QaCheckStatus>;
  problem: string | null;
  job_id: string | null;
  loaded_at: DefaultTimestamp;
  checked_at: Timestamp | null;
}
export interface AdjustedScanTable {
  id: Generated<number>;
  bulk_scan_qa_id: number;
  bulk_scan_id: number;
  company_id: number;
  store_id: number;
  receiver_id: number;
  department_id: number;
  destination_id: number;
  weight_kg: Numeric;
  entry_time: Timestamp;
  job_id: string | null;
  created_at: DefaultTimestamp;
  migrated_at: Timestamp | null;
}
export type PublishFileType = 'CHARITY_REPORT' | 'STORE_REPORT' | 'COMPANY_REPORT';
export type PublishFileStatus = 'READY' | 'PUBLISHING' | 'PUBLISHED' | 'FAILED';
export interface PublishFileTable {
  id: Generated<number>;
  file_type: PublishFileType;
  file_status: Default<PublishFileStatus>;
  entry_date: DateColumn;
  company_id: number | null;
  store_id: number | null;
  receiver_id: number | null;
  file_change_time: Timestamp | null;
  publish_count: Default<number>;
  created_at: DefaultTimestamp;
  /** The last correction of the file's month after it was published (migration 021, decision 0061). */
  corrected_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
}
export interface GeneratedFileTable {
  id: Generated<number>;
  publish_file_id: number;
  company_id: number | null;
  store_id: number | null;
  receiver_id: number | null;
  file_type: 'xlsx' | 'pdf';
  entry_date: DateColumn;
  creation_time: DefaultTimestamp;
  /** STAGE:STEP:RESULT, e.g. QUEUE:RENDER:SUCCESS */
  file_status: string;
  file_uri: string | null;
  version: Default<number>;
  byte_size: number | null;
  job_id: string | null;
  error: string | null;
}
export type JobStatusValue = 'started' | 'progressing' | 'initialized' | 'succeeded' | 'failed';
export interface JobsTable {
  id: string;
  name: string;
  kind: string;
  total: Default<number>;
  processed: Default<number>;
  status: JobStatusValue;
  error: string | null;
  payload: ColumnType<Record<string, unknown>, string | undefined, string>;
  created_by: string | null;
  created_at: DefaultTimestamp;
  updated_at: DefaultTimestamp;
}
/** 009: the files of a publish job and how far each got (decision 0008). */
export type JobItemState = 'pending' | 'done' | 'failed';
export interface JobItemTable {
  job_id: string;
  seq: number;
  publish_file_id: number;
  state: Default<JobItemState>;
  finish_order: number | null;
  finished_at: Timestamp | null;
  error: string | null;
}
export interface CustomDebugLogTable {
  id: Generated<number>;
  target: string;
  error: string;
  detail: Json | null;
  job_id: string | null;
  creation_time: DefaultTimestamp;
}
export interface ReceiverContactTable {
  id: Generated<number>;
  receiver_id: number;
  email: string;
  first_name: string | null;
  last_name: string | null;
  report_type: Default<'CHARITY_REPORT' | 'POSTER'>;
  last_mailed_at: Timestamp | null;
  created_at: DefaultTimestamp;
  /** Set by the mail's one-click unsubscribe, cleared by staff (migration 020): sends skip the contact meanwhile. */
  unsubscribed_at: Timestamp | null;
}
/** Printed posters' short links (migration 019): one live code per store, revoked on its own. */
export interface PosterLinkTable {
  code: string;
  store_id: number;
  created_at: DefaultTimestamp;
  revoked_at: Timestamp | null;
}
export interface MailOutboxTable {
  id: Generated<number>;
  to_address: string;
  subject: string;
  body_text: string;
  body_html: string | null;
  status: Default<'queued' | 'sent' | 'failed' | 'skipped'>;
  attempts: Default<number>;
  last_error: string | null;
  receiver_contact_id: number | null;
  job_id: string | null;
  created_at: DefaultTimestamp;
  next_attempt_at: DefaultTimestamp;
  sent_at: Timestamp | null;
  /** The mail's List-Unsubscribe address, signed for its contact (migration 020). */
  list_unsubscribe: Default<string | null>;
  /** 008: the charity poster send this mail belongs to; unique with receiver_contact_id. */
  send_id: string | null;
}
export interface RequestIdempotencyTable {
  scope: string;
  key: string;
  request_hash: string;
  status_code: number;
  response: Json;
  created_at: DefaultTimestamp;
}
