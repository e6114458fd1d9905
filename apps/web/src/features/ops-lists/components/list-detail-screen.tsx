import { Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { useListUrl } from '../hooks/use-list-url';
import { DetailDrawer } from './detail-drawer';

/**
 * A list screen whose rows open a detail panel at `{basePath}/{id}` (spec 2.7): the page header and list, and the
 * drawer that the id in the address opens; back (or closing) returns to the list with its filters.
 */
export function ListDetailScreen({
  basePath,
  header,
  list,
  detailTitle,
  renderDetail,
}: {
  basePath: string;
  header: ReactNode;
  list: ReactNode;
  detailTitle: string;
  renderDetail: (id: string) => ReactNode;
}) {
  const { id, closePanel } = useListUrl(basePath);
  return (
    <Stack gap={0}>
      {header}
      {list}
      <DetailDrawer opened={Boolean(id)} onClose={closePanel} title={detailTitle}>
        {id ? renderDetail(id) : <Text c="dimmed">Nothing selected.</Text>}
      </DetailDrawer>
    </Stack>
  );
}
