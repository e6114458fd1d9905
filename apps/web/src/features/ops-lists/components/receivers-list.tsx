import { Badge, Group, SegmentedControl, Stack, Text } from '@mantine/core';
import { useListUrl } from '../hooks/use-list-url';
import { useReceiversList, type ReceiverRow } from '../api/get-receivers';
import { FilterDrop } from '../../../components/filter-drop';
import { ListView } from './list-view';
import { RowContent } from './row-parts';
import { SearchFilter } from './search-filter';
import { ListSort } from './list-sort';
import { readSort, RECEIVER_SORT, sortQuery } from '../lib/sort-options';

const renderReceiver = (r: ReceiverRow) => (
  <RowContent
    title={r.name}
    badge={
      <Badge variant="light" color="gray">
        {r.receiver_type}
      </Badge>
    }
    facts={[
      ['Address', [r.address, r.city].filter(Boolean).join(', ') || '—'],
      ['Stores', r.store_set.length],
    ]}
  />
);

/** Receivers (spec 2.7): type HUB by default, HUB/FARM and a name search in the filter drop. */
export function ReceiversList({ basePath }: { basePath: string }) {
  const { params, setFilter, rowHref } = useListUrl(basePath);
  const type = params.get('type') === 'FARM' ? 'FARM' : 'HUB';
  const search = params.get('search') ?? '';
  const sort = readSort(params, RECEIVER_SORT);
  const query = useReceiversList({
    receiver_type: type,
    search: search || undefined,
    ...sortQuery(sort, RECEIVER_SORT),
  });

  return (
    <ListView
      label="Receivers"
      query={query}
      rowKey={(r) => r.id}
      rowHref={(r) => rowHref(r.id)}
      emptyText={search ? `No ${type} receiver matches “${search}”.` : `No ${type} receivers yet.`}
      toolbar={
        <Group gap="xs">
          <ListSort options={RECEIVER_SORT} value={sort} onChange={(v) => setFilter('ordering', v)} />
          <FilterDrop active={(search ? 1 : 0) + (type !== 'HUB' ? 1 : 0)}>
            <Stack gap={4}>
              <Text size="sm" fw={500} id="receiver-type-label">
                Receiver type
              </Text>
              <SegmentedControl
                aria-labelledby="receiver-type-label"
                value={type}
                onChange={(v) => setFilter('type', v === 'HUB' ? null : v)}
                data={[
                  { value: 'HUB', label: 'HUB' },
                  { value: 'FARM', label: 'FARM' },
                ]}
              />
            </Stack>
            <SearchFilter value={search} onChange={(v) => setFilter('search', v || null)} />
          </FilterDrop>
        </Group>
      }
      renderRow={renderReceiver}
    />
  );
}
