import { retailPaths } from '@openrescue/shared';
import { apiUrl } from '../../../config/env';
import { useInfiniteList } from './list-page';

/** Spec section 3 "Bulk scan record". */
export interface BulkScanRow {
  id: number;
  receiver_id: number;
  receiver: string;
  store: string;
  store_id: number;
  reason_id: number | null;
  reason: string | null;
  destination: number;
  destination_name: string;
  department: number | null;
  creation_time: string;
  weight_kg: number | null;
  entry_time: string;
  email: string | null;
}

export interface BulkScanFilters {
  has_reason?: boolean;
  store_id?: string;
  receiver_id?: string;
  reason_id?: string;
  /** The chosen sort (decision 0065); absent for the default, newest first. */
  ordering?: string;
}

/** GET {core}/api/retail/bulkscan?has_reason=&store_id=&receiver_id=&reason_id=&page_size=50&page= (spec 7.3). */
export function useBulkScans(filters: BulkScanFilters) {
  return useInfiniteList<BulkScanRow>('bulkscan', apiUrl(retailPaths.bulkScans), { ...filters });
}
