import { Badge, Group, Text } from '@mantine/core';
import type { CharityContact } from '../api/charity-contacts';

/** One mailable contact: organisation, person and report type (the row opens the detail with the links). */
export function ContactRowContent({ row }: { row: CharityContact }) {
  return (
    <>
      <Group gap="xs" justify="space-between" wrap="nowrap">
        <Text fw={600} lineClamp={2}>
          {row.organization_name}
        </Text>
        <Group gap={4} wrap="nowrap" style={{ flexShrink: 0 }}>
          {row.unsubscribed_at && (
            <Badge variant="outline" color="red.9">
              Unsubscribed
            </Badge>
          )}
          <Badge variant="light" color="gray">
            {row.report_type}
          </Badge>
        </Group>
      </Group>
      <Text size="sm" mt={4}>
        {row.first_name ?? '—'} ·{' '}
        <Text span size="sm" c="dimmed">
          {row.email}
        </Text>
      </Text>
    </>
  );
}
