import type { ColumnType, Generated } from 'kysely';
import type { Timestamp, JsonObject, Default, DefaultTimestamp } from './columns.js';
import type { Metrics } from './retail.js';

// ---- network map and transcripts (004) ----
export interface NetworkOrganizationTable {
  id: Generated<number>;
  sf_id: string | null;
  name: string;
  address: string | null;
  city: string | null;
  province: string | null;
  postal_code: string | null;
  country: string | null;
  phone: string | null;
  website: string | null;
  sf_type: string;
  sf_industry: string | null;
  /** attribute name -> true, e.g. { "Marketplace": true } */
  sf_attributes: ColumnType<Record<string, boolean>, string | undefined, string>;
  sf_account_stage: string | null;
  lon: number | null;
  lat: number | null;
  areas: Default<string[]>;
  verified: Default<0 | 1 | 2>;
  store_id: number | null;
  receiver_id: number | null;
  created_at: DefaultTimestamp;
  updated_at: DefaultTimestamp;
}
export interface NetworkDonationTable extends Metrics {
  id: Generated<number>;
  network_organization_id: number;
  entry_time: Timestamp;
  destination_id: number;
  impact_factor_version: number;
  created_at: DefaultTimestamp;
}
export interface TranscriptTable {
  id: Generated<number>;
  created_at: DefaultTimestamp;
  updated_at: DefaultTimestamp;
  tw_call_sid: string | null;
  tw_recording_sid: string | null;
  tw_caller_name: string | null;
  tw_to_number: string | null;
  tw_from_number: string | null;
  tw_call_direction: 'inbound' | 'outbound-api' | 'outbound-dial' | null;
  tw_call_length: number | null;
  tw_call_status: string | null;
  aai_transcript_id: string | null;
  aai_headline: string | null;
  aai_summary: string | null;
  sentiment_score: -1 | 0 | 1 | null;
  sentiment_data: JsonObject | null;
  transcript_from_aai: JsonObject | null;
  analysis_source: Default<'aai' | 'local'>;
  audio_uri: string | null;
  /** Migration 011 (issue 7). */
  store_id: number | null;
  receiver_id: number | null;
  store_match: TranscriptMatch | null;
  receiver_match: TranscriptMatch | null;
  linked_at: Timestamp | null;
  aai_gist: string | null;
  audio_content_type: string | null;
  audio_byte_size: number | null;
  analysis_local: Default<string[]>;
  integration_key_id: number | null;
  /** Migration 017 (issue 32): the key that created the call (only it may change the call), the analysis job's state. */
  created_by_key_id: number | null;
  analysis_status: 'pending' | 'done' | 'failed' | null;
  analysis_input: JsonObject | null;
  analysis_seq: Default<number>;
}
export type TranscriptMatch = 'phone' | 'caller_name' | 'name';
export interface IntegrationKeyTable {
  id: Generated<number>;
  name: string;
  key_hash: string;
  scope: Default<'transcripts'>;
  created_at: DefaultTimestamp;
  last_used_at: Timestamp | null;
  revoked_at: Timestamp | null;
}
