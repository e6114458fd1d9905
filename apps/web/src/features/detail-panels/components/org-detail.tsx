import { Anchor, Button, Divider, Group, Stack, Text, Title } from '@mantine/core';
import { regionName, type Receiver, type Store } from '@openrescue/shared';
import { IconBarcode, IconPhoto, IconReportAnalytics, IconScale } from '@tabler/icons-react';
import { CompactList, CompactListRow } from '../../../components/compact-list';
import { DetailState } from '../../../components/detail-state';
import { isRecordId } from '../../../lib/list-record';
import { ReceiverUsersPanel } from './receiver-users-panel';
import { useReceiver, useStore } from '../api/get-detail';
import { PosterLinkField } from './poster-link-field';
import { PublicLinkField } from './public-link-field';

/** The side panels a detail panel opens (spec 2.8), by their `panel` address name. */
export type OrgSidePanel = 'donation-reports' | 'posters' | 'bulkscan';

export interface OrgDetailProps {
  kind: 'receiver' | 'store';
  id: string;
  staff: boolean;
  onOpenPanel: (panel: OrgSidePanel) => void;
  onInsertWeight: (storeId: number, receiverId: number) => void;
}

type Related = { id: number; name: string };

export function relatedOf(kind: OrgDetailProps['kind'], data: Receiver | Store): Related[] {
  const list = kind === 'receiver' ? (data as Receiver).store_set : (data as Store).receivers;
  return (list as Array<number | Related>).map((r) =>
    typeof r === 'number' ? { id: r, name: `#${r}` } : { id: r.id, name: r.name },
  );
}

/** The receiver or store detail panel (spec 2.8). */
export function OrgDetail({ kind, id, staff, onOpenPanel, onInsertWeight }: OrgDetailProps) {
  const valid = isRecordId(id);
  const receiver = useReceiver(kind === 'receiver' && valid ? id : undefined);
  const store = useStore(kind === 'store' && valid ? id : undefined);
  const query = kind === 'receiver' ? receiver : store;
  return (
    <DetailState<Receiver | Store> query={query} what={kind} id={id} invalid={!valid}>
      {(data) => (
        <OrgDetailBody
          kind={kind}
          data={data}
          staff={staff}
          onOpenPanel={onOpenPanel}
          onInsertWeight={onInsertWeight}
        />
      )}
    </DetailState>
  );
}

function OrgDetailBody({
  kind,
  data,
  staff,
  onOpenPanel,
  onInsertWeight,
}: Omit<OrgDetailProps, 'id'> & { data: Receiver | Store }) {
  const email = kind === 'receiver' ? (data as Receiver).contact_email : null;
  const related = relatedOf(kind, data);
  const relatedTitle = kind === 'receiver' ? 'Stores' : 'Receivers';

  return (
    <Stack gap="md" data-testid="org-detail">
      <Stack gap={2}>
        <Title order={2} size="h3">
          {data.name}
        </Title>
        <Text size="sm">
          {[data.address, data.city, data.region && regionName(data.region)].filter(Boolean).join(', ') ||
            'No address on file'}
        </Text>
        {kind === 'store' && (
          <Text size="sm" c="dimmed">
            {(data as Store).company_name}
          </Text>
        )}
        {kind === 'receiver' &&
          (email ? (
            <Anchor href={`mailto:${email}`} size="sm">
              {email}
            </Anchor>
          ) : (
            <Text size="sm" c="dimmed">
              No contact e-mail
            </Text>
          ))}
      </Stack>

      <Group gap="xs">
        <Button
          variant="light"
          onClick={() => onOpenPanel('donation-reports')}
          leftSection={<IconReportAnalytics size={16} aria-hidden="true" />}
        >
          Reports
        </Button>
        <Button
          variant="light"
          onClick={() => onOpenPanel('posters')}
          leftSection={<IconPhoto size={16} aria-hidden="true" />}
        >
          Posters
        </Button>
        <Button
          variant="light"
          onClick={() => onOpenPanel('bulkscan')}
          leftSection={<IconBarcode size={16} aria-hidden="true" />}
        >
          BulkScan
        </Button>
      </Group>

      <PublicLinkField kind={kind} id={String(data.id)} canRotate={staff} />
      {kind === 'store' && staff && <PosterLinkField storeId={String(data.id)} />}
      {kind === 'receiver' && staff && (
        <>
          <Divider />
          <ReceiverUsersPanel receiverId={data.id} receiverName={data.name} />
        </>
      )}

      <Divider />
      <Title order={3} size="h4">
        {relatedTitle} ({related.length})
      </Title>
      {related.length === 0 ? (
        <Text c="dimmed" size="sm">
          No {relatedTitle.toLowerCase()} linked.
        </Text>
      ) : (
        <CompactList label={relatedTitle}>
          {related.map((r) => (
            <CompactListRow key={r.id}>
              <Text size="sm" lineClamp={2} style={{ flex: 1, minWidth: 0 }}>
                {r.name}
              </Text>
              <Button
                size="compact-sm"
                style={{ flexShrink: 0 }}
                variant="default"
                leftSection={<IconScale size={14} aria-hidden="true" />}
                aria-label={`Insert weight for ${r.name}`}
                onClick={() => (kind === 'receiver' ? onInsertWeight(r.id, data.id) : onInsertWeight(data.id, r.id))}
              >
                Insert weight
              </Button>
            </CompactListRow>
          ))}
        </CompactList>
      )}
    </Stack>
  );
}
