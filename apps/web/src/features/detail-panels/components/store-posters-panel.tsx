import { Button, Stack, Text } from '@mantine/core';
import { IconExternalLink } from '@tabler/icons-react';
import { Link } from 'react-router';
import { paths } from '../../../config/paths';
import { CompactList, CompactListRow } from '../../../components/compact-list';
import { DetailState } from '../../../components/detail-state';
import { useReceiver, useStore } from '../api/get-detail';
import { relatedOf } from './org-detail';

type PosterStore = { id: number; name: string };

function PosterList({ stores }: { stores: PosterStore[] }) {
  if (stores.length === 0)
    return (
      <Text size="sm" c="dimmed">
        No stores linked, so no posters.
      </Text>
    );
  return (
    <CompactList label="Store posters">
      {stores.map((s) => (
        <CompactListRow key={s.id}>
          <Text size="sm" lineClamp={2} style={{ flex: 1, minWidth: 0 }}>
            {s.name}
          </Text>
          <Button
            component={Link}
            to={paths.posters.store(s.id)}
            size="compact-sm"
            variant="default"
            style={{ flexShrink: 0 }}
            leftSection={<IconExternalLink size={14} aria-hidden="true" />}
            aria-label={`Open the poster of ${s.name}`}
          >
            Poster
          </Button>
        </CompactListRow>
      ))}
    </CompactList>
  );
}

/**
 * Store Posters side panel (spec 2.8): for a receiver, the poster of every store that donates to it (the
 * "food rescue hero" poster names the charities a store supports); for a store, its own poster.
 */
export function StorePostersPanel({ kind, id }: { kind: 'receiver' | 'store'; id: string }) {
  const receiver = useReceiver(kind === 'receiver' ? id : undefined);
  const store = useStore(kind === 'store' ? id : undefined);
  return (
    <Stack gap="xs">
      <Text size="sm" c="dimmed">
        Printable posters with each store's donation totals, by month, with a PDF download.
      </Text>
      {kind === 'receiver' ? (
        <DetailState query={receiver} what="receiver" id={id}>
          {(r) => <PosterList stores={relatedOf('receiver', r)} />}
        </DetailState>
      ) : (
        <DetailState query={store} what="store" id={id}>
          {(s) => <PosterList stores={[{ id: s.id, name: s.name }]} />}
        </DetailState>
      )}
    </Stack>
  );
}
