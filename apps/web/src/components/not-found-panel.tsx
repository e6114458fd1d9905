import { Button, Paper, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { usePageTitle } from '../lib/use-page-title';

export interface NotFoundPanelProps {
  homePath: string;
  homeLabel?: string;
}

/** An address the app does not know. */
export function NotFoundPanel({ homePath, homeLabel = 'Go to the start page' }: NotFoundPanelProps) {
  usePageTitle('Page not found');
  return (
    <Paper withBorder radius="md" p="xl" maw={560} mx="auto" data-testid="not-found">
      <Stack align="center" ta="center" gap="sm">
        <Text fw={700} size="3rem" lh={1} c="dimmed" aria-hidden="true">
          404
        </Text>
        <Title order={1} size="h2">
          Page not found
        </Title>
        <Text c="dimmed">There is nothing at this address. Check the link, or start again from the start page.</Text>
        <Button component={Link} to={homePath} mt="sm">
          {homeLabel}
        </Button>
      </Stack>
    </Paper>
  );
}
