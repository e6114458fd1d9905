import { PUBLISH_FILE_TYPES } from '@openrescue/shared';
import { useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { useSearchParamsUpdate } from '../../../lib/search-params';
import type { PublishFileType, PublishFilters } from '../lib/job-settings';

const idOf = (v: string | null) => (v && /^\d{1,9}$/.test(v) ? Number(v) : null);

/**
 * The Publish filters in the address (?company=&receiver=&month=YYYY-MM-01&kind=COMPANY_REPORT). Spec 4: picking a receiver clears the
 * company and picking a company clears the receiver.
 */
export function usePublishFilters() {
  const [params] = useSearchParams();
  const filters: PublishFilters = useMemo(() => {
    const month = params.get('month');
    const kind = params.get('kind');
    return {
      companyId: idOf(params.get('company')),
      receiverId: idOf(params.get('receiver')),
      month: month && /^\d{4}-\d{2}-01$/.test(month) ? month : null,
      fileType: (PUBLISH_FILE_TYPES as readonly string[]).includes(kind ?? '') ? (kind as PublishFileType) : null,
    };
  }, [params]);
  const update = useSearchParamsUpdate();
  return {
    filters,
    setCompany: (v: string | null) => update(v ? { company: v, receiver: null } : { company: null }),
    setReceiver: (v: string | null) => update(v ? { receiver: v, company: null } : { receiver: null }),
    setMonth: (v: string | null) => update({ month: v }),
    setFileType: (v: string | null) => update({ kind: v }),
  };
}
