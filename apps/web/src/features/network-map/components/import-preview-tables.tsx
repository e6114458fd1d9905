import { Badge, ScrollArea, Table, Text } from '@mantine/core';
import type { NetworkImportPreview } from '@openrescue/shared';

const ACTION = { add: 'Add', update: 'Update', unchanged: 'Unchanged' } as const;
const COLOR = { add: 'green', update: 'blue', unchanged: 'gray' } as const;

/** The rows of a preview: rejected first (with their reasons), then what importing does to each accepted row. */
export function ImportPreviewTables({ preview }: { preview: NetworkImportPreview }) {
  return (
    <>
      {preview.rejected_count > 0 && (
        <>
          <Text fw={600} size="sm">
            Rejected rows ({preview.rejected_count})
          </Text>
          <ScrollArea.Autosize mah={220}>
            <Table striped withTableBorder aria-label="Rejected rows" fz="sm">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Row</Table.Th>
                  <Table.Th>Line</Table.Th>
                  <Table.Th>Name</Table.Th>
                  <Table.Th>Why</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {preview.rejected.map((r) => (
                  <Table.Tr key={r.row}>
                    <Table.Td>{r.row}</Table.Td>
                    <Table.Td>{r.line}</Table.Td>
                    <Table.Td>{r.name}</Table.Td>
                    <Table.Td>{r.reasons.join('; ')}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </ScrollArea.Autosize>
        </>
      )}
      {preview.accepted_count > 0 && (
        <>
          <Text fw={600} size="sm">
            Accepted rows ({preview.accepted_count})
          </Text>
          <ScrollArea.Autosize mah={260}>
            <Table striped withTableBorder aria-label="Accepted rows" fz="sm">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Row</Table.Th>
                  <Table.Th>Name</Table.Th>
                  <Table.Th>Type</Table.Th>
                  <Table.Th>City</Table.Th>
                  <Table.Th>Import</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {preview.accepted.map((r) => (
                  <Table.Tr key={r.row}>
                    <Table.Td>{r.row}</Table.Td>
                    <Table.Td>{r.name}</Table.Td>
                    <Table.Td>{r.type}</Table.Td>
                    <Table.Td>{r.city}</Table.Td>
                    <Table.Td>
                      <Badge color={COLOR[r.action]} variant="light">
                        {ACTION[r.action]}
                      </Badge>
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </ScrollArea.Autosize>
        </>
      )}
      {(preview.accepted.length < preview.accepted_count || preview.rejected.length < preview.rejected_count) && (
        <Text size="xs" c="dimmed">
          The lists show the first {preview.accepted.length} accepted and {preview.rejected.length} rejected rows.
        </Text>
      )}
    </>
  );
}
