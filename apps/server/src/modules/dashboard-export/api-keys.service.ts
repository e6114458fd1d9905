import { clientAccess, type ApiKey, type ApiKeyCreated } from '@openrescue/shared';
import type { Kysely } from 'kysely';
import type { AppContext } from '../../context.js';
import type { DB } from '../../db/schema.js';
import { forbidden, HttpError, unauthorized } from '../../lib/http-error.js';
import { hashKey, newKey, presentedKey } from '../../lib/integration-keys.js';
import type { Principal } from '../../plugins/access.js';
import { credentialEnd } from '../audit/audit.actor.js';
import type { ResolvedViewer } from '../reports/reports.policy.js';
import { companyKeyRows, insertCompanyKey, revokeCompanyKeyRow, useCompanyKey } from './api-keys.repository.js';

const iso = (v: Date | string | null) => (v === null ? null : (v instanceof Date ? v : new Date(v)).toISOString());

type KeyRow = {
  id: number;
  company_id: number;
  name: string;
  key_end: string;
  created_by: string;
  created_at: Date | string;
  last_used_at: Date | string | null;
  revoked_at: Date | string | null;
};
const presentKey = (k: KeyRow): ApiKey => ({
  id: k.id,
  company_id: k.company_id,
  name: k.name,
  key_end: k.key_end,
  created_by: k.created_by,
  created_at: iso(k.created_at)!,
  last_used_at: iso(k.last_used_at),
  revoked_at: iso(k.revoked_at),
});

/**
 * The company whose keys the caller manages: a company admin (a company user with every store of the company, roles
 * 1 and 3). Staff, store users and links are refused (403): keys belong to a company and are made by its admins.
 */
export async function companyAdminOf(ctx: AppContext, user: Extract<Principal, { kind: 'user' }>): Promise<number> {
  const companyUser = await ctx.repos.companyUsers.findByUserId(user.userId);
  const access = clientAccess({ staff: user.staff, email: user.email, companyUser });
  if (access.kind !== 'company')
    throw forbidden('Only a company admin (a user of every store of the company) manages API keys.');
  return access.companyId;
}

export async function listCompanyKeys(ctx: AppContext, companyId: number): Promise<ApiKey[]> {
  return (await companyKeyRows(ctx.database.db, companyId)).map(presentKey);
}

/** Makes a key (`db`: the transaction that also writes its audit entry). */
export async function createCompanyKey(
  db: Kysely<DB>,
  companyId: number,
  name: string,
  createdBy: string,
): Promise<ApiKeyCreated> {
  const key = newKey();
  const row = await insertCompanyKey(db, {
    company_id: companyId,
    name,
    key_hash: hashKey(key),
    key_end: credentialEnd(key),
    created_by: createdBy,
  });
  if (!row) throw new HttpError(409, 'conflict', 'A key with this name exists.', `choose another name than "${name}"`);
  return { ...presentKey(row), key };
}

export async function revokeCompanyKey(db: Kysely<DB>, companyId: number, id: number): Promise<ApiKey | null> {
  const row = await revokeCompanyKeyRow(db, companyId, id);
  return row ? presentKey(row) : null;
}

/**
 * The viewer a company API key reads as: its company's every store, never money saved (section 6: money is for
 * admin-style users only). A missing, unknown or revoked key answers 401.
 */
export async function companyKeyViewer(
  ctx: AppContext,
  authorization: string | undefined,
): Promise<ResolvedViewer & { keyId: number }> {
  const key = presentedKey(authorization);
  if (!key) throw unauthorized('An API key is required.', 'send Authorization: Bearer <company API key>');
  const row = await useCompanyKey(ctx.database.db, hashKey(key));
  if (!row) throw unauthorized('The API key is not valid.', 'invalid or revoked API key');
  return {
    viewer: null,
    access: null,
    scope: { kind: 'company', companyId: row.company_id },
    moneySaved: false,
    keyId: row.id,
  };
}
