import { Anchor, Badge, Group, Text } from '@mantine/core';
import type { CharityContact } from '../api/charity-contacts';

/** One mailable contact: organisation, person, report type and the report link they receive. */
export function ContactRowContent({ row }: { row: CharityContact }) {
  return (
    <>
      <Group gap="xs" justify="space-between" wrap="nowrap">
        <Text fw={600} lineClamp={2}>{row.organization_name}</Text>
        <Badge variant="light" color="gray" style={{ flexShrink: 0 }}>{row.report_type}</Badge>
      </Group>
      <Group gap="md" mt={4} wrap="wrap">
        <Text size="sm">{row.first_name ?? '—'} · <Anchor href={`mailto:${row.email}`} size="sm">{row.email}</Anchor></Text>
        <Anchor href={row.report_url} size="sm" target="_blank" rel="noopener noreferrer">Report link</Anchor>
      </Group>
    </>
  );
}
