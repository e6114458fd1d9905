import { Paper, Stack, Text, Title } from '@mantine/core';
import { messages } from '@openrescue/shared';
import { usePageTitle } from '../../lib/use-page-title';

/** Any /public address without a page (spec 2.9). */
export function WrongUrlRoute() {
  usePageTitle('Page not found');
  return (
    <Paper withBorder radius="md" p="xl" maw={560} mx="auto" mt="xl" data-testid="wrong-url">
      <Stack align="center" ta="center" gap="sm">
        <Title order={1} size="h2">
          {messages.wrongUrl}
        </Title>
        <Text c="dimmed">Check the link you were given, or ask the person who sent it for a new one.</Text>
      </Stack>
    </Paper>
  );
}
