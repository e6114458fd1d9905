import { Group } from '@mantine/core';
import { useListUrl } from '../hooks/use-list-url';
import { useStoresList, type StoreRow } from '../api/get-stores';
import { FilterDrop } from '../../../components/filter-drop';
import { ListView } from './list-view';
import { RowContent } from './row-parts';
import { SearchFilter } from './search-filter';
import { ListSort } from './list-sort';
import { readSort, sortQuery, STORE_SORT } from '../lib/sort-options';

const renderStore = (s: StoreRow) => (
  <RowContent
    title={s.name}
    facts={[
      ['Company', s.company_name],
      ['Address', [s.address, s.city].filter(Boolean).join(', ') || '—'],
      ['Receivers', s.receivers.length],
    ]}
  />
);

/** Stores (spec 2.7) with a name search in the filter drop and a Sort select (decision 0065). */
export function StoresList({ basePath }: { basePath: string }) {
  const { params, setFilter, rowHref } = useListUrl(basePath);
  const search = params.get('search') ?? '';
  const sort = readSort(params, STORE_SORT);
  const query = useStoresList({ search: search || undefined, ...sortQuery(sort, STORE_SORT) });
  return (
    <ListView
      label="Stores"
      query={query}
      rowKey={(s) => s.id}
      rowHref={(s) => rowHref(s.id)}
      emptyText={search ? `No store matches “${search}”.` : 'No stores yet.'}
      toolbar={
        <Group gap="xs">
          <ListSort options={STORE_SORT} value={sort} onChange={(v) => setFilter('ordering', v)} />
          <FilterDrop active={search ? 1 : 0}>
            <SearchFilter value={search} onChange={(v) => setFilter('search', v || null)} />
          </FilterDrop>
        </Group>
      }
      renderRow={renderStore}
    />
  );
}
