import { Button, Group } from '@mantine/core';
import type { NetworkRegion } from '@openrescue/shared';
import { IconExternalLink } from '@tabler/icons-react';

const external = {
  component: 'a' as const,
  target: '_blank',
  rel: 'noopener noreferrer',
  variant: 'light',
  size: 'sm',
};
const icon = <IconExternalLink size={14} aria-hidden="true" />;

/** Per region Sell and Donate links, or a single marketplace link for rdno and all (spec 2.11). */
export function RegionLinks({ links }: { links: NetworkRegion['links'] }) {
  return (
    <Group gap="xs" data-testid="region-links">
      {links.marketplace && (
        <Button {...external} href={links.marketplace} rightSection={icon}>
          Marketplace
        </Button>
      )}
      {links.sell && (
        <Button {...external} href={links.sell} rightSection={icon}>
          Sell
        </Button>
      )}
      {links.donate && (
        <Button {...external} href={links.donate} rightSection={icon}>
          Donate
        </Button>
      )}
    </Group>
  );
}
