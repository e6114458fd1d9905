import { Table, Text } from '@mantine/core';
import { formatDateTime, networkTimeZoneName, NO_LOGS_MESSAGE } from '@openrescue/shared';
import { BreakableName } from '../../../components/breakable-name';
import type { DebugLogEntry } from '../api/get-debug-log';

/** Spec 2.13: debug entries (target, error, creation time), newest first, or 'No logs yet..'. */
export function LogsTable({ entries }: { entries: DebugLogEntry[] }) {
  if (!entries.length) {
    return (
      <Text c="dimmed" py="xl" ta="center" data-testid="logs-empty">
        {NO_LOGS_MESSAGE}
      </Text>
    );
  }
  return (
    <Table.ScrollContainer minWidth={640}>
      <Table striped highlightOnHover verticalSpacing="xs" aria-label="Logs">
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col" w={220}>
              Target
            </Table.Th>
            <Table.Th scope="col">Error</Table.Th>
            <Table.Th scope="col" w={190}>
              {`Created (${networkTimeZoneName()})`}
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {entries.map((e) => (
            <Table.Tr key={e.id} data-testid="log-row" data-log-id={e.id}>
              <Table.Td style={{ overflowWrap: 'break-word' }}>
                <Text size="sm" fw={600}>
                  <BreakableName name={e.target} />
                </Text>
              </Table.Td>
              <Table.Td style={{ wordBreak: 'break-word' }}>
                <Text size="sm">{e.error}</Text>
              </Table.Td>
              <Table.Td>
                <Text size="sm" c="dimmed">
                  <time dateTime={e.creation_time}>{formatDateTime(e.creation_time)}</time>
                </Text>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
