import type { Generated } from 'kysely';
import type { DefaultTimestamp, Timestamp } from './columns.js';

// ---- charity (receiver) users (022) ----
export interface ReceiverUserTable {
  id: Generated<number>;
  user_id: string;
  created_at: DefaultTimestamp;
  updated_at: DefaultTimestamp;
}
export interface ReceiverUserReceiverTable {
  receiver_user_id: number;
  receiver_id: number;
}
export interface ReceiverUserInvitationTable {
  id: Generated<number>;
  receiver_user_id: number;
  token_hash: string;
  created_at: DefaultTimestamp;
  expires_at: Timestamp;
  used_at: Timestamp | null;
  replaced_at: Timestamp | null;
}
