import type { Generated } from 'kysely';
import type { Timestamp, DefaultTimestamp } from './columns.js';

// ---- accounts (001_auth.sql, better-auth's camelCase columns) ----
export interface UserTable {
  id: Generated<string>;
  name: string;
  email: string;
  emailVerified: boolean;
  image: string | null;
  createdAt: DefaultTimestamp;
  updatedAt: DefaultTimestamp;
  staff: Generated<boolean>;
}
export interface SessionTable {
  id: Generated<string>;
  expiresAt: Timestamp;
  token: string;
  createdAt: DefaultTimestamp;
  updatedAt: Timestamp;
  ipAddress: string | null;
  userAgent: string | null;
  userId: string;
  /** The session this one was rotated from, first of its chain (decision 0023); null for a signed-in session. */
  chainId: string | null;
}
/** A session token replaced by rotation, kept to recognise its reuse (decision 0023). */
export interface SessionRotatedTable {
  token_hash: string;
  chain_id: string;
  user_id: string;
  rotated_at: DefaultTimestamp;
  expires_at: Timestamp;
}
export interface StoredFileTable {
  key: string;
  data: Uint8Array;
  size: number;
  stored_at: DefaultTimestamp;
}
export interface RateLimitWindowTable {
  key: string;
  hits: number;
  ends_at: Timestamp;
}
export interface AccountTable {
  id: Generated<string>;
  accountId: string;
  providerId: string;
  userId: string;
  accessToken: string | null;
  refreshToken: string | null;
  idToken: string | null;
  accessTokenExpiresAt: Timestamp | null;
  refreshTokenExpiresAt: Timestamp | null;
  scope: string | null;
  password: string | null;
  createdAt: DefaultTimestamp;
  updatedAt: Timestamp;
}
export interface VerificationTable {
  id: Generated<string>;
  identifier: string;
  value: string;
  expiresAt: Timestamp;
  createdAt: DefaultTimestamp;
  updatedAt: DefaultTimestamp;
}
export interface JwksTable {
  id: Generated<string>;
  publicKey: string;
  privateKey: string;
  createdAt: Timestamp;
  expiresAt: Timestamp | null;
  alg: string | null;
  crv: string | null;
}
export interface AppSecretTable {
  name: string;
  value: string;
  created_at: DefaultTimestamp;
}
export interface SchemaMigrationsTable {
  version: string;
  applied_at: DefaultTimestamp;
}
