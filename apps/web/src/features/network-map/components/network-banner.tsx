import { Anchor, Button, Group, Text } from '@mantine/core';

export interface NetworkBannerProps {
  contactHref: string;
  bookingUrl: string;
}

/** The public network pages' top banner (spec 2.9): 'Join our Food Recovery Network', Contact Us, Let's Talk. */
export function NetworkBanner({ contactHref, bookingUrl }: NetworkBannerProps) {
  return (
    <Group
      component="header"
      justify="space-between"
      wrap="wrap"
      gap="xs"
      px="md"
      py={8}
      bg="var(--mantine-primary-color-filled)"
      c="white"
      data-testid="network-banner"
    >
      <Text fw={700} fz={{ base: 'md', sm: 'lg' }}>
        Join our Food Recovery Network
      </Text>
      <Group gap="sm" wrap="nowrap">
        <Anchor href={contactHref} c="white" fw={600} underline="always">
          Contact Us
        </Anchor>
        {bookingUrl && (
          <Button component="a" href={bookingUrl} target="_blank" rel="noopener noreferrer" variant="white" size="xs">
            Let&apos;s Talk
          </Button>
        )}
      </Group>
    </Group>
  );
}
