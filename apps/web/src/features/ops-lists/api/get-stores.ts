import { lookupsPaths, type Store } from '@openrescue/shared';
import { apiUrl } from '../../../config/env';
import { infiniteListOptions, useInfiniteList } from './list-page';

export type StoreRow = Pick<Store, 'id' | 'name' | 'company_name' | 'address' | 'city' | 'receivers'>;

export interface StoreFilters {
  search?: string;
  /** The chosen sort (decision 0065); absent for the default, by name. */
  ordering?: string;
}

const storesFilters = (filters: StoreFilters) => ({ ...filters, expand: 'receivers' });

/** GET {core}/api/retail/stores?search=&ordering=&expand=receivers&page_size=50&page= (spec 7.3). */
export function useStoresList(filters: StoreFilters) {
  return useInfiniteList<StoreRow>('stores', apiUrl(lookupsPaths.retailStores), storesFilters(filters));
}

/** The same query's options, for asking before the screen renders (the route's loader). */
export function storesListQueryOptions(filters: StoreFilters) {
  return infiniteListOptions<StoreRow>('stores', apiUrl(lookupsPaths.retailStores), storesFilters(filters));
}
