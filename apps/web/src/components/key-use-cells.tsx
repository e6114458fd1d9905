import { Badge, Button, Table } from '@mantine/core';
import { formatDateTime } from '@openrescue/shared';

interface UsableKey {
  name: string;
  last_used_at: string | null;
  revoked_at: string | null;
}

/**
 * The last two cells of a key's row, in the company API keys and the transcripts' integration keys: when it was last
 * used, and Revoke (or 'Revoked' once it is).
 */
export function KeyUseCells({ apiKey, onRevoke }: { apiKey: UsableKey; onRevoke: () => void }) {
  return (
    <>
      <Table.Td>{apiKey.last_used_at ? formatDateTime(apiKey.last_used_at, { zone: true }) : 'Never'}</Table.Td>
      <Table.Td ta="right">
        {apiKey.revoked_at ? (
          <Badge color="gray" variant="light">
            Revoked
          </Badge>
        ) : (
          <Button size="xs" variant="subtle" color="red" onClick={onRevoke} aria-label={`Revoke ${apiKey.name}`}>
            Revoke
          </Button>
        )}
      </Table.Td>
    </>
  );
}
