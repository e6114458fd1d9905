import { Alert, Button, Code, CopyButton, Group, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';

/**
 * A key just created, shown this once with a copy button (the company API keys and the transcripts' integration
 * keys). `usage` says where the key goes; the value carries the test id `${testId}-value`.
 */
export function CreatedKeyAlert({
  created,
  usage,
  testId,
}: {
  created: { name: string; key: string };
  usage: ReactNode;
  testId: string;
}) {
  return (
    <Alert
      color="green"
      variant="light"
      title={`Key for '${created.name}'`}
      data-testid={testId}
      // The light variant's green title is about 3:1 on its tint; the body text colour passes.
      styles={{ title: { color: 'var(--mantine-color-text)' } }}
    >
      <Stack gap="xs">
        <Text size="sm">{usage}</Text>
        <Group gap="xs" wrap="nowrap">
          <Code style={{ wordBreak: 'break-all' }} data-testid={`${testId}-value`}>
            {created.key}
          </Code>
          <CopyButton value={created.key}>
            {({ copied, copy }) => (
              <Button size="xs" variant="light" onClick={copy}>
                {copied ? 'Copied' : 'Copy'}
              </Button>
            )}
          </CopyButton>
        </Group>
      </Stack>
    </Alert>
  );
}
