import { Alert, Button, Code, Group, Modal, Paper, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { API_KEY_REQUESTS_PER_MINUTE, dashboardExportPaths, formatDateTime } from '@openrescue/shared';
import { useId, useState, type FormEvent } from 'react';
import { CreatedKeyAlert } from '../../../components/created-key-alert';
import { KeyUseCells } from '../../../components/key-use-cells';
import { showApiError } from '../../../lib/show-api-error';
import { notify } from '../../../lib/toasts';
import { useApiKeys, useCreateApiKey, useRevokeApiKey, type ApiKey, type ApiKeyCreated } from '../api/api-keys';

/**
 * A company admin's API keys (issue 38 section 2): an integration reads the company's dashboard figures with one
 * (read-only, rate-limited). Create one per integration (the key is shown once), see when each was last used,
 * revoke one that leaked. Both are in the audit trail.
 */
export function ApiKeysPanel() {
  const titleId = useId();
  const keys = useApiKeys(true);
  const create = useCreateApiKey();
  const revoke = useRevokeApiKey();
  const [name, setName] = useState('');
  const [created, setCreated] = useState<ApiKeyCreated | null>(null);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!name.trim()) return;
    create.mutate(name.trim(), {
      onSuccess: (key) => {
        setCreated(key);
        setName('');
      },
      onError: showApiError,
    });
  };

  // A dialog of its own: the client app has no modals manager (the console's is in its layout).
  const [toRevoke, setToRevoke] = useState<ApiKey | null>(null);
  const revokeChosen = () => {
    const key = toRevoke;
    if (!key) return;
    revoke.mutate(key.id, {
      onSuccess: () => {
        setToRevoke(null);
        if (created?.id === key.id) setCreated(null);
        notify({ title: 'Key revoked', message: `${key.name} no longer works.`, type: 'success' });
      },
      onError: (error) => {
        setToRevoke(null);
        showApiError(error);
      },
    });
  };

  return (
    <Paper
      withBorder
      radius="md"
      p="md"
      component="section"
      aria-labelledby={titleId}
      data-print="hide"
      data-testid="api-keys"
    >
      <Stack gap="md">
        <div>
          <Title order={3} size="h4" id={titleId}>
            API keys
          </Title>
          <Text size="sm" c="dimmed">
            Your systems can read these figures for all your stores with a key:{' '}
            <Code>GET {dashboardExportPaths.integrationFigures}</Code> with the same dates and stores, at most{' '}
            {API_KEY_REQUESTS_PER_MINUTE} requests a minute. Keys only read.
          </Text>
        </div>
        <form onSubmit={submit}>
          <Group align="flex-end" gap="sm">
            <TextInput
              label="New key for"
              description="The system that will use it, e.g. the warehouse."
              value={name}
              onChange={(e) => setName(e.currentTarget.value)}
              maxLength={100}
              style={{ flex: '1 1 14rem' }}
            />
            <Button type="submit" loading={create.isPending} disabled={!name.trim()}>
              Create key
            </Button>
          </Group>
        </form>
        {created && (
          <CreatedKeyAlert
            created={created}
            testId="created-api-key"
            usage={
              <>
                Copy it now: it is not shown again. Send it in the header <Code>Authorization: Bearer &lt;key&gt;</Code>
                .
              </>
            }
          />
        )}
        {keys.isPending ? (
          <Text c="dimmed">Loading keys…</Text>
        ) : keys.isError ? (
          <Alert color="red" variant="light" title="The keys could not be loaded">
            <Button mt="xs" size="xs" variant="default" onClick={() => void keys.refetch()}>
              Try again
            </Button>
          </Alert>
        ) : keys.data.length === 0 ? (
          <Text c="dimmed">No API keys yet.</Text>
        ) : (
          <Table.ScrollContainer minWidth={480}>
            <Table verticalSpacing="xs" aria-label="API keys">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Name</Table.Th>
                  <Table.Th>Key</Table.Th>
                  <Table.Th>Created</Table.Th>
                  <Table.Th>Last used</Table.Th>
                  <Table.Th />
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {keys.data.map((key) => (
                  <Table.Tr key={key.id}>
                    <Table.Td fw={600}>{key.name}</Table.Td>
                    <Table.Td>
                      <Code style={{ whiteSpace: 'nowrap' }}>{key.key_end}</Code>
                    </Table.Td>
                    <Table.Td>
                      {formatDateTime(key.created_at, { zone: true })}
                      <Text size="xs" c="dimmed">
                        by {key.created_by}
                      </Text>
                    </Table.Td>
                    <KeyUseCells apiKey={key} onRevoke={() => setToRevoke(key)} />
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
      </Stack>
      <Modal
        opened={toRevoke !== null}
        onClose={() => setToRevoke(null)}
        title={toRevoke ? `Revoke '${toRevoke.name}'?` : ''}
        centered
      >
        <Stack gap="md">
          <Text size="sm">Requests with this key are refused from now on. This cannot be undone!</Text>
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={() => setToRevoke(null)}>
              Cancel
            </Button>
            <Button color="red" onClick={revokeChosen} loading={revoke.isPending}>
              Revoke
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Paper>
  );
}
