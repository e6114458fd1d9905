import { Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { messages } from '@openrescue/shared';
import { IconLock } from '@tabler/icons-react';

/** A signed-in user without a company user record (spec 2.5). */
export function NotAuthorizedPanel({ productName }: { productName: string }) {
  return (
    <Paper withBorder radius="md" p="xl" maw={640} mx="auto" data-testid="not-authorized">
      <Stack align="center" ta="center" gap="sm">
        <ThemeIcon size={56} radius="xl" variant="light" color="gray" aria-hidden="true">
          <IconLock size={28} stroke={1.6} />
        </ThemeIcon>
        <Title order={2} size="h3">
          Access pending
        </Title>
        <Text>{messages.notAuthorized(productName)}</Text>
      </Stack>
    </Paper>
  );
}
