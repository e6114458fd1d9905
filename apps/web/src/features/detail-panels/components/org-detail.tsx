import { Alert, Anchor, Button, Center, Divider, Group, Loader, Paper, Stack, Text, Title } from '@mantine/core';
import type { Receiver, Store } from '@openrescue/shared';
import { IconBarcode, IconPhoto, IconReportAnalytics, IconScale } from '@tabler/icons-react';
import { Link } from 'react-router';
import { paths } from '../../../config/paths';
import { useReceiver, useStore } from '../api/get-detail';
import { PublicLinkField } from './public-link-field';

export interface OrgDetailProps {
  kind: 'receiver' | 'store';
  id: string;
  staff: boolean;
  onBulkScan: () => void;
  onInsertWeight: (storeId: number, receiverId: number) => void;
}

type Related = { id: number; name: string };

function relatedOf(kind: OrgDetailProps['kind'], data: Receiver | Store): Related[] {
  const list = kind === 'receiver' ? (data as Receiver).store_set : (data as Store).receivers;
  return (list as Array<number | Related>).map((r) => (typeof r === 'number' ? { id: r, name: `#${r}` } : { id: r.id, name: r.name }));
}

/** The receiver or store detail panel (spec 2.8). */
export function OrgDetail({ kind, id, staff, onBulkScan, onInsertWeight }: OrgDetailProps) {
  const receiver = useReceiver(kind === 'receiver' ? id : undefined);
  const store = useStore(kind === 'store' ? id : undefined);
  const query = kind === 'receiver' ? receiver : store;

  if (query.isPending) return <Center py="xl" aria-busy="true"><Loader role="status" aria-label={`Loading the ${kind}`} /></Center>;
  if (query.isError) {
    return (
      <Alert color="red" variant="light" role="alert" title={`The ${kind} could not be loaded`}>
        <Button size="xs" variant="default" onClick={() => void query.refetch()}>Try again</Button>
      </Alert>
    );
  }
  const data = query.data;
  if (!data) return <Alert color="gray" variant="light" title={`No ${kind} ${id}`}>It does not exist or you may not see it.</Alert>;

  const email = kind === 'receiver' ? (data as Receiver).contact_email : null;
  const related = relatedOf(kind, data);
  const relatedTitle = kind === 'receiver' ? 'Stores' : 'Receivers';

  return (
    <Stack gap="md" data-testid="org-detail">
      <Stack gap={2}>
        <Title order={2} size="h3">{data.name}</Title>
        <Text size="sm">{[data.address, data.city, data.region].filter(Boolean).join(', ') || 'No address on file'}</Text>
        {kind === 'store' && <Text size="sm" c="dimmed">{(data as Store).company_name}</Text>}
        {kind === 'receiver' && (
          email ? <Anchor href={`mailto:${email}`} size="sm">{email}</Anchor> : <Text size="sm" c="dimmed">No contact e-mail</Text>
        )}
      </Stack>

      <Group gap="xs">
        <Button component={Link} to={kind === 'receiver' ? paths.reports.receiver(data.id) : paths.reports.store(data.id)} variant="light" leftSection={<IconReportAnalytics size={16} aria-hidden="true" />}>
          Reports
        </Button>
        {kind === 'store' && (
          <Button component={Link} to={paths.posters.store(data.id)} variant="light" leftSection={<IconPhoto size={16} aria-hidden="true" />}>
            Posters
          </Button>
        )}
        <Button variant="light" onClick={onBulkScan} leftSection={<IconBarcode size={16} aria-hidden="true" />}>BulkScan</Button>
      </Group>

      <PublicLinkField kind={kind} id={String(data.id)} canRotate={staff} />

      <Divider />
      <Title order={3} size="h4">{relatedTitle} ({related.length})</Title>
      {related.length === 0 ? (
        <Text c="dimmed" size="sm">No {relatedTitle.toLowerCase()} linked.</Text>
      ) : (
        <Paper withBorder radius="md" component="ul" aria-label={relatedTitle} p={0} m={0} style={{ listStyle: 'none' }}>
          {related.map((r, i) => (
            <Group component="li" key={r.id} justify="space-between" wrap="nowrap" gap="xs" px="sm" py={6} style={i > 0 ? { borderTop: '1px solid var(--mantine-color-default-border)' } : undefined}>
              <Text size="sm" lineClamp={2} style={{ flex: 1, minWidth: 0 }}>{r.name}</Text>
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
            </Group>
          ))}
        </Paper>
      )}
    </Stack>
  );
}
