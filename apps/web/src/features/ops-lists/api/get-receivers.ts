import { lookupsPaths, type Receiver } from '@openrescue/shared';
import { apiUrl } from '../../../config/env';
import { useInfiniteList } from './list-page';

export type ReceiverRow = Pick<
  Receiver,
  'id' | 'name' | 'receiver_type' | 'address' | 'city' | 'contact_email' | 'store_set'
>;

export interface ReceiverFilters {
  receiver_type: 'HUB' | 'FARM';
  search?: string;
  /** The chosen sort (decision 0065); absent for the default, by name. */
  ordering?: string;
}

/** GET {core}/api/retail/receivers?receiver_type=&search=&ordering=&page_size=50&page=&expand=store_set (spec 7.3). */
export function useReceiversList(filters: ReceiverFilters) {
  return useInfiniteList<ReceiverRow>('receivers', apiUrl(lookupsPaths.retailReceivers), {
    ...filters,
    expand: 'store_set',
  });
}
