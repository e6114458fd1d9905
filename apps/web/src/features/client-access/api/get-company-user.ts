import {
  clientAccess,
  type ClientAccess,
  type CompanyUserList,
  type CompanyUserRecord,
  companyUsersPaths,
} from '@openrescue/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiUrl } from '../../../config/env';
import { api } from '../../../lib/api';
import type { SessionUser } from '../../../lib/session';

/** GET {core}/api/clients/company_user: the first result is the user's record (spec 7.3), none when absent. */
export async function getCompanyUser(signal?: AbortSignal): Promise<CompanyUserRecord | null> {
  const response = await api.get<CompanyUserList>(apiUrl(companyUsersPaths.companyUser), { signal });
  const first = response?.results?.[0];
  if (!first) return null;
  return {
    id: first.id,
    company: first.company,
    store: first.store ?? null,
    report_store_id: first.report_store_id ?? null,
    company_user_role: first.company_user_role,
  };
}

export const companyUserQueryOptions = () =>
  queryOptions({ queryKey: ['clients', 'company_user'], queryFn: ({ signal }) => getCompanyUser(signal) });

/** What the client app may show the signed-in user (section 6), once the record is loaded. */
export function useClientAccess(user: SessionUser | null) {
  const query = useQuery({ ...companyUserQueryOptions(), enabled: user !== null });
  const access: ClientAccess | undefined =
    user && query.isSuccess
      ? clientAccess({ staff: user.staff, email: user.email, companyUser: query.data })
      : undefined;
  return { ...query, access, companyUser: query.data ?? null };
}
