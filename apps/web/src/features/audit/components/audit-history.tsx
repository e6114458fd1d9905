import { Anchor, Loader, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { paths } from '../../../config/paths';
import { useAuditEvents } from '../api/get-audit-events';
import { AuditEntry } from './audit-entry';

const SHOWN = 10;

/** An object's own history in its detail panel: its newest entries, and a link to all of them in the trail. */
export function AuditHistory({ objectType, objectId }: { objectType: string; objectId: string | number }) {
  const filters = { object_type: objectType, object_id: String(objectId) };
  const query = useAuditEvents(filters, 1, SHOWN);
  const count = query.data?.count ?? 0;
  return (
    <Stack gap="xs" data-testid="audit-history" component="section" aria-label="History">
      <Title order={3} size="h5">
        History
      </Title>
      {query.isPending ? (
        <Loader size="sm" aria-label="Loading the history" role="status" />
      ) : query.isError ? (
        <Text size="sm" c="red">
          The history could not be loaded.
        </Text>
      ) : count === 0 ? (
        <Text size="sm" c="dimmed">
          No staff actions recorded yet.
        </Text>
      ) : (
        <>
          {query.data.results.map((event) => (
            <AuditEntry key={event.id} event={event} withObject={false} />
          ))}
          <Anchor component={Link} to={`${paths.ops.audit}?${new URLSearchParams(filters).toString()}`} size="sm">
            {count > SHOWN ? `All ${count} entries in the audit trail` : 'Open in the audit trail'}
          </Anchor>
        </>
      )}
    </Stack>
  );
}
