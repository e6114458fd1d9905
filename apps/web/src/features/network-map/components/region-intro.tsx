import { Text } from '@mantine/core';
import type { NetworkRegion } from '@openrescue/shared';

/** A public region page's help text (spec 2.11); the title is the screen's h1. */
export function RegionIntro({ region }: { region: Pick<NetworkRegion, 'help_text'> }) {
  return (
    <Text size="sm" c="dimmed" data-testid="region-help">
      {region.help_text}
    </Text>
  );
}
