import { auditPaths, type AuditEvent } from '@openrescue/shared';
import { useQuery } from '@tanstack/react-query';
import { apiUrl } from '../../../config/env';
import { api } from '../../../lib/api';

export type { AuditEvent };

/** The trail's filters, as the address and the API spell them (GET {ops}/audit-events). */
export interface AuditFilters {
  actor?: string;
  action?: string;
  object_type?: string;
  object_id?: string;
  from?: string;
  to?: string;
}

export const AUDIT_QUERY_KEY = 'audit-events';
export const AUDIT_PAGE_SIZE = 50;

export interface AuditPage {
  count: number;
  next: string | null;
  results: AuditEvent[];
}

/** One page of the trail, newest first. */
export function useAuditEvents(filters: AuditFilters, page: number, pageSize = AUDIT_PAGE_SIZE) {
  return useQuery({
    queryKey: [AUDIT_QUERY_KEY, filters, page, pageSize],
    queryFn: ({ signal }) =>
      api.get<AuditPage>(apiUrl(auditPaths.events), { signal, query: { ...filters, page, page_size: pageSize } }),
    placeholderData: (previous) => previous,
    meta: { errorDialog: false },
  });
}

/** GET {ops}/audit-events.csv with the same filters: every matching entry. */
export function downloadAuditCsv(filters: AuditFilters): Promise<Blob> {
  return api.get<Blob>(apiUrl(auditPaths.eventsCsv), { query: { ...filters }, responseType: 'blob' });
}
