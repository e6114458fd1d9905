import { Button, Group, Stack, Title } from '@mantine/core';
import { DEPARTMENTS, formatDateTime, retailPaths } from '@openrescue/shared';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { DetailState } from '../../../components/detail-state';
import { FieldList } from '../../../components/field-list';
import { apiUrl } from '../../../config/env';
import { paths } from '../../../config/paths';
import { isRecordId, useListRecord } from '../../../lib/list-record';
import type { BulkScanRow } from '../api/get-bulkscans';
import { BulkScanActions } from './bulkscan-correction';

const departmentName = (id: number | null) =>
  id == null ? null : `${id} · ${DEPARTMENTS.find((d) => d.id === id)?.name ?? 'Unknown'}`;

/**
 * A bulk scan's detail panel: every field of spec section 3 "Bulk scan record", its store and receiver, Correct and
 * Delete (issue 36), and `history` (its entries in the audit trail, composed by the route).
 */
export function BulkScanDetail({ id, history }: { id: string; history?: ReactNode }) {
  const valid = isRecordId(id);
  const query = useListRecord<BulkScanRow>(
    'bulkscan',
    apiUrl(retailPaths.bulkScans),
    valid ? { id } : undefined,
    'bulkscan',
  );
  return (
    <DetailState query={query} what="bulk scan" id={id} invalid={!valid}>
      {(row) => (
        <Stack gap="md" data-testid="bulkscan-detail">
          <Title order={2} size="h3">
            {row.reason ?? (row.weight_kg != null ? `${row.weight_kg} kg` : 'Bulk scan')} · {row.store}
          </Title>
          <FieldList
            label="Bulk scan fields"
            fields={[
              ['Id', row.id],
              ['Store', row.store],
              ['Store id', row.store_id],
              ['Receiver', row.receiver],
              ['Receiver id', row.receiver_id],
              ['Reason', row.reason_id == null ? null : `${row.reason_id} · ${row.reason ?? ''}`],
              ['Destination', `${row.destination} · ${row.destination_name}`],
              ['Department', departmentName(row.department)],
              ['Weight', row.weight_kg == null ? null : `${row.weight_kg.toLocaleString('en-US')} kg`],
              ['Entry time', formatDateTime(row.entry_time, { zone: true })],
              ['Created', formatDateTime(row.creation_time, { zone: true })],
              ['Entered by', row.email],
            ]}
          />
          <Group gap="xs">
            <Button component={Link} to={paths.ops.store(row.store_id)} variant="light">
              Open store
            </Button>
            <Button component={Link} to={paths.ops.receiver(row.receiver_id)} variant="light">
              Open receiver
            </Button>
          </Group>
          <BulkScanActions row={row} />
          {history}
        </Stack>
      )}
    </DetailState>
  );
}
