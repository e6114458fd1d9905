import type { Store } from '@openrescue/shared';
import { coreUrl } from '../../../config/env';
import { useInfiniteList } from './list-page';

export type StoreRow = Pick<Store, 'id' | 'name' | 'company_name' | 'address' | 'city' | 'receivers'>;

/** GET {core}/api/retail/stores?search=&expand=receivers&page_size=50&page= (spec 7.3). */
export function useStoresList(filters: { search?: string }) {
  return useInfiniteList<StoreRow>('stores', coreUrl('retail/stores'), { ...filters, expand: 'receivers' });
}
