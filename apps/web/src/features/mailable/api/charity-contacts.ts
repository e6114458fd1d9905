import { mailingPaths, pathTo } from '@openrescue/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiUrl } from '../../../config/env';
import { api } from '../../../lib/api';
import { LIST_QUERY_KEY } from '../../../lib/list-record';

/** Spec section 3 "Charity poster contact". */
export interface CharityContact {
  id: number;
  receiver_id: number;
  email: string;
  first_name: string | null;
  report_type: string;
  organization_name: string;
  report_url: string;
  /** When the contact unsubscribed from the report mail (sends skip it until staff re-enable it), or null. */
  unsubscribed_at: string | null;
}

export interface ContactFilters {
  with_company_id?: string;
  with_receiver_id?: string;
}

/** GET {core}/api/retail/reports/charity_poster_contacts/ (the list; section 7.3). */
export const CONTACTS_URL = apiUrl(mailingPaths.contacts);

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
  const body = await api.post<{ result?: { mailers?: number } }>(apiUrl(mailingPaths.mail), {
    ...(Object.keys(named).length ? named : { all: true }),
    month,
    contacts,
  });
  return body?.result?.mailers ?? 0;
}

export function useSendCharityMails() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: sendCharityMails,
    onSettled: () => void client.invalidateQueries({ queryKey: ['mailable', 'recipients'] }),
  });
}

/**
 * How many mails Send queues for these filters now (the list answer's `mailers`: contacts not unsubscribed, one per
 * receiver and e-mail): the confirm dialog says it (issue 36). One row asked for, only the count read.
 */
export function useMailRecipients(filters: ContactFilters) {
  return useQuery({
    queryKey: ['mailable', 'recipients', filters],
    queryFn: async ({ signal }) => {
      const body = await api.get<{ mailers?: number }>(CONTACTS_URL, {
        signal,
        query: {
          ...(filters.with_company_id ? { with_company_id: filters.with_company_id } : {}),
          ...(filters.with_receiver_id ? { with_receiver_id: filters.with_receiver_id } : {}),
          page_size: 1,
        },
      });
      return typeof body?.mailers === 'number' ? body.mailers : null;
    },
    staleTime: 0,
  });
}

/** POST {core}/api/retail/reports/charity_poster_contacts/{id}/resubscribe: the contact gets the report mail again. */
export async function resubscribeContact(id: number): Promise<CharityContact> {
  return api.post<CharityContact>(apiUrl(pathTo(mailingPaths.resubscribe, { id })));
}

export function useResubscribeContact() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: resubscribeContact,
    // The panel's record and the list's rows show the mark.
    onSuccess: () =>
      Promise.all([
        client.invalidateQueries({ queryKey: ['detail', 'charity-contact'] }),
        client.invalidateQueries({ queryKey: [LIST_QUERY_KEY, 'mailable'] }),
      ]),
  });
}
