import { Alert, Button, Skeleton, Stack, Table, Text } from '@mantine/core';
import { formatCompact, formatDateTime, formatNumber } from '@openrescue/shared';
import { BreakableName } from '../../../components/breakable-name';
import { useTableMetrics } from '../api/get-table-metrics';

/** 'Nov 3, 2026, 9:15 AM' in the network's time zone, or a dash for a table never changed. */
export function formatChangeTime(iso: string | null): string {
  if (!iso) return '—';
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? '—' : formatDateTime(date);
}

/** The main tables with their row counts and last change (GET {ops}/table_metrics). */
export function TableMetricsTable() {
  const metrics = useTableMetrics();

  if (metrics.isPending) return <Skeleton h={180} role="status" aria-label="Loading table figures" />;
  if (metrics.isError) {
    return (
      <Alert color="red" variant="light" title="Table figures could not be loaded" role="alert">
        <Stack gap="xs" align="flex-start">
          <Text size="sm">{metrics.error.message}</Text>
          <Button size="xs" variant="default" onClick={() => void metrics.refetch()}>
            Try again
          </Button>
        </Stack>
      </Alert>
    );
  }
  if (metrics.data.length === 0) return <Text c="dimmed">No table figures yet.</Text>;

  return (
    <Table striped verticalSpacing={6} data-testid="table-metrics">
      <Table.Thead>
        <Table.Tr>
          <Table.Th scope="col">Table</Table.Th>
          <Table.Th scope="col" ta="right">
            Rows
          </Table.Th>
          <Table.Th scope="col">Last change (Vancouver)</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {metrics.data.map((m) => (
          <Table.Tr key={m.table}>
            <Table.Th scope="row" fw={500}>
              <BreakableName name={m.table} />
            </Table.Th>
            <Table.Td ta="right" style={{ fontVariantNumeric: 'tabular-nums' }}>
              {m.row_count_estimated ? `about ${formatCompact(m.row_count)}` : formatNumber(m.row_count)}
            </Table.Td>
            <Table.Td>{formatChangeTime(m.last_change)}</Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}
