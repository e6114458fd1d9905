import { Box, Group, Text } from '@mantine/core';
import { formatNumber, formatPercent, kgToLb } from '@openrescue/shared';
import type { CategoryTotal } from '../lib/chart-data';

/** Each category with its colour, weight (kg, then lb) and share: the chart's figures as text. */
export function BreakdownLegend({ totals, label }: { totals: CategoryTotal[]; label: string }) {
  return (
    <Box
      component="ul"
      aria-label={label}
      p={0}
      m={0}
      style={{
        listStyle: 'none',
        display: 'grid',
        gridTemplateColumns: 'repeat(auto-fill, minmax(220px, 1fr))',
        gap: 6,
      }}
    >
      {totals.map((t) => (
        <Group component="li" key={t.id} gap={8} wrap="nowrap" data-testid="legend-item">
          <Box w={12} h={12} style={{ background: t.color, borderRadius: 3, flexShrink: 0 }} aria-hidden="true" />
          <Text size="sm" style={{ minWidth: 0 }}>
            <Text span fw={600} size="sm">
              {t.name}
            </Text>{' '}
            {formatNumber(t.kg)} kg ({formatNumber(kgToLb(t.kg))} lb) · {formatPercent(t.share)}
          </Text>
        </Group>
      ))}
    </Box>
  );
}
