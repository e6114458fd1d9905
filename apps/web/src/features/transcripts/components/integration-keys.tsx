import { Alert, Button, Code, Group, Stack, Table, Text, TextInput } from '@mantine/core';
import { modals } from '@mantine/modals';
import { formatDateTime } from '@openrescue/shared';
import { useState, type FormEvent } from 'react';
import { CreatedKeyAlert } from '../../../components/created-key-alert';
import { KeyUseCells } from '../../../components/key-use-cells';
import { showApiError } from '../../../lib/show-api-error';
import { notify } from '../../../lib/toasts';
import {
  useCreateIntegrationKey,
  useIntegrationKeys,
  useRevokeIntegrationKey,
  type CreatedIntegrationKey,
  type IntegrationKey,
} from '../api/integration-keys';

/**
 * The keys the telephony and speech-analysis integrations send calls with (POST product/calls/transcripts): create
 * one per integration (the key is shown once), see when each was last used, revoke one that leaked.
 */
export function IntegrationKeys() {
  const keys = useIntegrationKeys();
  const create = useCreateIntegrationKey();
  const revoke = useRevokeIntegrationKey();
  const [name, setName] = useState('');
  const [created, setCreated] = useState<CreatedIntegrationKey | null>(null);

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

  const confirmRevoke = (key: IntegrationKey) =>
    modals.openConfirmModal({
      title: `Revoke '${key.name}'?`,
      children: <Text size="sm">Calls sent with this key are refused from now on. This cannot be undone!</Text>,
      labels: { confirm: 'Revoke', cancel: 'Cancel' },
      confirmProps: { color: 'red' },
      onConfirm: () =>
        revoke.mutate(key.id, {
          onSuccess: () => notify({ title: 'Key revoked', message: `${key.name} no longer works.`, type: 'success' }),
          onError: showApiError,
        }),
    });

  return (
    <Stack gap="md" data-testid="integration-keys">
      <form onSubmit={submit}>
        <Group align="flex-end" gap="sm">
          <TextInput
            label="New key for"
            description="The integration that will use it, e.g. the phone system."
            value={name}
            onChange={(e) => setName(e.currentTarget.value)}
            maxLength={100}
            style={{ flex: 1 }}
          />
          <Button type="submit" loading={create.isPending} disabled={!name.trim()}>
            Create key
          </Button>
        </Group>
      </form>
      {created && (
        <CreatedKeyAlert
          created={created}
          testId="created-key"
          usage={
            <>
              Copy it now: it is not shown again. The integration sends it in the header{' '}
              <Code>Authorization: Bearer &lt;key&gt;</Code>.
            </>
          }
        />
      )}
      {keys.isPending ? (
        <Text c="dimmed">Loading keys…</Text>
      ) : keys.isError ? (
        <Alert color="red" variant="light">
          The keys could not be loaded.
        </Alert>
      ) : keys.data.length === 0 ? (
        <Text c="dimmed">No integration keys yet.</Text>
      ) : (
        <Table verticalSpacing="xs">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Name</Table.Th>
              <Table.Th>Created</Table.Th>
              <Table.Th>Last used</Table.Th>
              <Table.Th />
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {keys.data.map((key) => (
              <Table.Tr key={key.id}>
                <Table.Td fw={600}>{key.name}</Table.Td>
                <Table.Td>{formatDateTime(key.created_at, { zone: true })}</Table.Td>
                <KeyUseCells apiKey={key} onRevoke={() => confirmRevoke(key)} />
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
    </Stack>
  );
}
