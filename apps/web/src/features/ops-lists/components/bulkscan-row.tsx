import { Badge } from '@mantine/core';
import { DEPARTMENTS, formatDateTime } from '@openrescue/shared';
import type { BulkScanRow } from '../api/get-bulkscans';
import { RowContent } from './row-parts';

const department = (id: number | null) =>
  id == null ? 'No department' : (DEPARTMENTS.find((d) => d.id === id)?.name ?? `Department ${id}`);

/** One bulk scan: store, department, weight, time and (for no-pickups) its reason. */
export function BulkScanRowContent({ row, reason }: { row: BulkScanRow; reason?: string }) {
  return (
    <RowContent
      title={`${row.store} → ${row.receiver ?? `#${row.receiver_id}`}`}
      badge={
        reason ? (
          <Badge variant="light" color="gray" style={{ flexShrink: 0 }}>
            {reason}
          </Badge>
        ) : undefined
      }
      facts={[
        ['Department', department(row.department)],
        ['Weight', row.weight_kg == null ? '—' : `${row.weight_kg.toLocaleString('en-US')} kg`],
        ['Entry', formatDateTime(row.entry_time)],
        ['Destination', row.destination_name],
        ['By', row.email || '—'],
      ]}
    />
  );
}
