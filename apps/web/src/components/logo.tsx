import { Group, Text } from '@mantine/core';

/** The product mark: a leaf on the primary colour. Decorative: the name beside it is the text. */
export function LogoMark({ size = 32 }: { size?: number }) {
  return (
    <svg width={size} height={size} viewBox="0 0 32 32" aria-hidden="true" focusable="false">
      <rect width="32" height="32" rx="8" fill="var(--mantine-primary-color-filled)" />
      <path
        d="M22.5 8.5c-7.5 0-12.5 4.2-12.5 10.4 0 1.4.3 2.7.9 3.8-1 1.1-1.7 2.3-2.1 3.3h2.2c.4-.8.9-1.5 1.4-2.1 1.3 1.1 3 1.7 4.9 1.7 6 0 9.2-5.6 9.2-13.5V8.5h-4zm-7.8 13.9c1.6-2.7 4.2-5.1 7.3-6.7-2.6 2.2-4.6 4.5-6 7.1-.5-.1-.9-.2-1.3-.4z"
        fill="#fff"
      />
    </svg>
  );
}

export function Logo({ name }: { name: string }) {
  return (
    <Group gap={8} wrap="nowrap" data-testid="logo">
      <LogoMark />
      <Text fw={700} size="lg" lh={1}>
        {name}
      </Text>
    </Group>
  );
}
