import { Alert, Button, Center, Group, Loader, Stack, Text } from '@mantine/core';
import { useDebugLog } from '../api/get-debug-log';
import { LogsTable } from './logs-table';

/** The Logs screen's body: the newest entries, a count and a refresh; a failed load offers Try again. */
export function LogsScreen() {
  const query = useDebugLog();
  if (query.isPending) {
    return (
      <Center py="xl">
        <Loader aria-label="Loading logs" role="status" />
      </Center>
    );
  }
  if (query.isError) {
    return (
      <Alert color="red" variant="light" role="alert" title="Logs could not be loaded">
        <Stack gap="xs" align="flex-start">
          <Text size="sm">{query.error.message}</Text>
          <Button size="xs" variant="default" onClick={() => void query.refetch()} loading={query.isFetching}>
            Try again
          </Button>
        </Stack>
      </Alert>
    );
  }
  const { entries, count } = query.data;
  return (
    <Stack gap="sm">
      <Group justify="space-between">
        <Text size="sm" c="dimmed" data-testid="logs-count">
          {count > entries.length
            ? `The newest ${entries.length.toLocaleString('en-US')} of ${count.toLocaleString('en-US')} entries`
            : `${count.toLocaleString('en-US')} entries`}
        </Text>
        <Button variant="default" size="xs" onClick={() => void query.refetch()} loading={query.isFetching}>
          Refresh
        </Button>
      </Group>
      <LogsTable entries={entries} />
    </Stack>
  );
}
