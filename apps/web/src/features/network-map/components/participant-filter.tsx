import { Box, Checkbox, Group, Stack, Switch, Text, Title } from '@mantine/core';
import {
  formatNumber,
  groupShowState,
  networkCategory,
  networkGroups,
  setCategoryShown,
  setGroupShown,
  setVerifiedOnly,
  type NetworkArea,
  type ShowFlags,
} from '@openrescue/shared';

export interface ParticipantFilterProps {
  area: NetworkArea;
  flags: ShowFlags;
  onChange: (flags: ShowFlags) => void;
  /** Participants per category (verified 1 or 2). */
  counts: Record<string, number>;
  total: number | null;
}

/**
 * The participants filter (spec 2.11, section 4): one checkbox per group that sets all its categories (mixed when
 * some are hidden), one per category, and the verified toggle. Farmers are counted but never drawn.
 */
export function ParticipantFilter({ area, flags, onChange, counts, total }: ParticipantFilterProps) {
  return (
    <Stack gap="sm" component="section" aria-labelledby="network-participants-title">
      <Group justify="space-between" align="baseline" wrap="nowrap">
        <Title order={2} size="h5" id="network-participants-title">
          Total network participants
        </Title>
        <Text fw={700} fz="xl" data-testid="participant-total">
          {total === null ? '…' : formatNumber(total)}
        </Text>
      </Group>
      <Switch
        label="Verified members only"
        description="Organizations directly engaged in our programs"
        checked={flags.verifiedOnly}
        onChange={(e) => onChange(setVerifiedOnly(flags, e.currentTarget.checked))}
      />
      {networkGroups(area).map((group) => {
        const state = groupShowState(flags, group);
        const groupTotal = group.categoryIds.reduce((n, id) => n + (counts[id] ?? 0), 0);
        const labelId = `network-group-${group.id}`;
        return (
          <Box key={group.id} role="group" aria-labelledby={labelId}>
            <Checkbox
              id={`${labelId}-toggle`}
              label={<span id={labelId}>{`${group.label} (${formatNumber(groupTotal)})`}</span>}
              checked={state === 'all'}
              indeterminate={state === 'some'}
              onChange={() => onChange(setGroupShown(flags, group, state !== 'all'))}
              fw={600}
            />
            <Stack gap={6} mt={6} pl="lg">
              {group.categoryIds.map((id) => {
                const category = networkCategory(id)!;
                return (
                  <Checkbox
                    key={id}
                    size="sm"
                    label={`${category.label} (${formatNumber(counts[id] ?? 0)})`}
                    description={category.onMap ? undefined : 'Not shown on the map, for privacy'}
                    checked={flags.categories[id] !== false}
                    onChange={(e) => onChange(setCategoryShown(flags, id, e.currentTarget.checked))}
                  />
                );
              })}
            </Stack>
          </Box>
        );
      })}
    </Stack>
  );
}
