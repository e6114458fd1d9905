import { Badge, Group, Text } from '@mantine/core';
import type { StipendRow } from '../api/get-stipend';

/** One stipend row: receiver and store, the month and the service days against the schedule. */
export function StipendRowContent({ row }: { row: StipendRow }) {
  const reasons = Array.from({ length: 8 }, (_, i) => row[`reason_${i + 1}`] ?? 0);
  const missed = reasons.reduce((a, b) => a + b, 0) + (row.reason_null ?? 0);
  return (
    <>
      <Group gap="xs" justify="space-between" wrap="nowrap">
        <Text fw={600} lineClamp={2}>
          {row.receiver_name} · {row.store_name}
        </Text>
        <Group gap={4} wrap="nowrap" style={{ flexShrink: 0 }}>
          {row.is_lead_charity && <Badge variant="light">Lead</Badge>}
          <Badge variant="outline" color="gray">
            {row.year_month}
          </Badge>
        </Group>
      </Group>
      <Group gap="md" mt={4} wrap="wrap">
        {(
          [
            ['Type', `${row.receiver_type} / ${row.receiver_diversion_type}`],
            ['Schedule', row.schedule_code || '—'],
            ['Service days', `${row.actual_service_days}/${row.expected_service_days}`],
            ['Non-service days', `${row.actual_non_service_days}/${row.expected_non_service_days}`],
            ['Reasons given', missed],
          ] as const
        ).map(([label, value]) => (
          <Text key={label} size="sm" c="dimmed">
            {label}:{' '}
            <Text span size="sm" c="var(--mantine-color-text)">
              {value}
            </Text>
          </Text>
        ))}
      </Group>
    </>
  );
}
