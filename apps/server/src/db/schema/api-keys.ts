import type { Generated } from 'kysely';
import type { DefaultTimestamp, Timestamp } from './columns.js';

/** 025: company API keys (issue 38 section 2): only the key's SHA-256 and its last 4 characters are stored. */
export interface CompanyApiKeyTable {
  id: Generated<number>;
  company_id: number;
  name: string;
  key_hash: string;
  key_end: string;
  created_by: string;
  created_at: DefaultTimestamp;
  last_used_at: Timestamp | null;
  revoked_at: Timestamp | null;
}
