import { useMutation } from '@tanstack/react-query';
import { coreUrl } from '../../../config/env';
import { api } from '../../../lib/api';

/** Spec section 3 "Charity poster contact". */
export interface CharityContact {
  id: number;
  receiver_id: number;
  email: string;
  first_name: string | null;
  report_type: string;
  organization_name: string;
  report_url: string;
}

export interface ContactFilters {
  with_company_id?: string;
  with_receiver_id?: string;
}

/** GET {core}/api/retail/reports/charity_poster_contacts/ (the list; section 7.3). */
export const CONTACTS_URL = coreUrl('retail/reports/charity_poster_contacts/');

export interface MailSend {
  filters: ContactFilters;
  /** The report month, YYYY-MM. */
  month: string;
  /** How many contacts the user confirmed (the list's count): the server refuses (409) when another number matches. */
  contacts: number;
}

/**
 * POST {core}/api/reports/charity_poster_contacts/ with the current filters: queues the mails. The body names what
 * it sends: the month, the filters or `all: true` when there is none, and the count the user confirmed.
 */
export async function sendCharityMails({ filters, month, contacts }: MailSend): Promise<number> {
  const named = {
    ...(filters.with_company_id ? { with_company_id: filters.with_company_id } : {}),
    ...(filters.with_receiver_id ? { with_receiver_id: filters.with_receiver_id } : {}),
  };
  const body = await api.post<{ result?: { mailers?: number } }>(coreUrl('reports/charity_poster_contacts/'), {
    ...(Object.keys(named).length ? named : { all: true }),
    month,
    contacts,
  });
  return body?.result?.mailers ?? 0;
}

export function useSendCharityMails() {
  return useMutation({ mutationFn: sendCharityMails });
}
