import { Group, Paper, Text } from '@mantine/core';
import { MARKER_LEGEND } from '@openrescue/shared';

/** The legend of the marker colours (spec 2.11): Charity / Nonprofit, Retailer, Business. */
export function MapLegend({ className }: { className?: string }) {
  return (
    <Paper className={className} shadow="xs" radius="md" px="sm" py={6} component="section" aria-label="Legend">
      <Group gap={4} style={{ listStyle: 'none', columnGap: 12 }} wrap="wrap" component="ul" m={0} p={0}>
        {MARKER_LEGEND.map((item) => (
          <Group key={item.kind} gap={6} wrap="nowrap" component="li">
            <span
              aria-hidden="true"
              style={{
                width: 12,
                height: 12,
                borderRadius: '50%',
                background: item.color,
                border: '1px solid #fff',
                boxShadow: '0 0 0 1px #868e96',
              }}
            />
            <Text fz={{ base: 'xs', sm: 'sm' }}>{item.label}</Text>
          </Group>
        ))}
      </Group>
    </Paper>
  );
}
