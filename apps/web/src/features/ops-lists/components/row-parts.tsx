import { Group, Text } from '@mantine/core';
import type { ReactNode } from 'react';

/** A list row: a title line and label/value facts that wrap on narrow screens. */
export function RowContent({
  title,
  facts,
  badge,
}: {
  title: ReactNode;
  facts: Array<[string, ReactNode]>;
  badge?: ReactNode;
}) {
  return (
    <>
      <Group gap="xs" wrap="nowrap" justify="space-between">
        <Text fw={600} lineClamp={2}>
          {title}
        </Text>
        {/* The badge keeps its width; a long title wraps beside it instead of cutting it short. */}
        {badge && <div style={{ flexShrink: 0 }}>{badge}</div>}
      </Group>
      <Group gap="md" mt={4} wrap="wrap">
        {facts.map(([label, value]) => (
          <Text key={label} size="sm" c="dimmed">
            {label}:{' '}
            <Text span c="var(--mantine-color-text)" size="sm">
              {value}
            </Text>
          </Text>
        ))}
      </Group>
    </>
  );
}
