import type { Generated } from 'kysely';
import type { DefaultTimestamp, Json } from './columns.js';

// ---- audit trail (021): append-only, the database refuses UPDATE, DELETE and TRUNCATE ----
export interface AuditEventTable {
  id: Generated<number>;
  at: DefaultTimestamp;
  actor_id: string | null;
  actor_label: string;
  action: string;
  object_type: string;
  object_id: string | null;
  reason: string | null;
  before: Json | null;
  after: Json | null;
  detail: Json | null;
}
