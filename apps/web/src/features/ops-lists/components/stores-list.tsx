import { useListUrl } from '../hooks/use-list-url';
import { useStoresList, type StoreRow } from '../api/get-stores';
import { FilterDrop } from '../../../components/filter-drop';
import { ListView } from './list-view';
import { RowContent } from './row-parts';
import { SearchFilter } from './search-filter';

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

/** Stores (spec 2.7) with a name search in the filter drop. */
export function StoresList({ basePath }: { basePath: string }) {
  const { params, setFilter, rowHref } = useListUrl(basePath);
  const search = params.get('search') ?? '';
  const query = useStoresList({ search: search || undefined });
  return (
    <ListView
      label="Stores"
      query={query}
      rowKey={(s) => s.id}
      rowHref={(s) => rowHref(s.id)}
      emptyText={search ? `No store matches “${search}”.` : 'No stores yet.'}
      toolbar={
        <FilterDrop active={search ? 1 : 0}>
          <SearchFilter value={search} onChange={(v) => setFilter('search', v || null)} />
        </FilterDrop>
      }
      renderRow={renderStore}
    />
  );
}
