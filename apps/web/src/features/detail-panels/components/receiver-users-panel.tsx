import { Alert, Badge, Button, Group, Stack, Text, TextInput, Title } from '@mantine/core';
import { modals } from '@mantine/modals';
import { formatDateTime, type ReceiverUser } from '@openrescue/shared';
import { IconMailForward, IconUserMinus, IconUserPlus } from '@tabler/icons-react';
import { useState, type FormEvent } from 'react';
import { CompactList, CompactListRow } from '../../../components/compact-list';
import { notify } from '../../../lib/toasts';
import { useReceiverUserActions, useReceiverUsers } from '../api/receiver-users';
import { showApiError } from '../../../lib/show-api-error';

const STATE_LABEL: Record<ReceiverUser['invitation']['state'], { label: string; color: string }> = {
  pending: { label: 'Invited', color: 'blue' },
  accepted: { label: 'Signed up', color: 'green' },
  expired: { label: 'Invitation expired', color: 'orange' },
  none: { label: 'Not invited', color: 'gray' },
};

/**
 * Charity users of a receiver, in its detail panel (issue 37, decision 0066): staff add a person by e-mail (an
 * invitation mail to set a password; an address that already has a charity account gets this receiver added), rename
 * them, send the invitation again, and remove them from this receiver (from the last one: the account reads nothing).
 */
export function ReceiverUsersPanel({ receiverId, receiverName }: { receiverId: number; receiverName: string }) {
  const list = useReceiverUsers(receiverId);
  const actions = useReceiverUserActions(receiverId);
  const [email, setEmail] = useState('');
  const [name, setName] = useState('');

  const add = (e: FormEvent) => {
    e.preventDefault();
    actions.create.mutate(
      { email: email.trim(), name: name.trim(), receiver_ids: [receiverId] },
      {
        onSuccess: (user) => {
          setEmail('');
          setName('');
          notify({
            title: 'Charity user added',
            message:
              user.invitation.state === 'accepted'
                ? `${user.email} now also sees ${receiverName}.`
                : `An invitation went to ${user.email}.`,
            type: 'success',
          });
        },
        onError: showApiError,
      },
    );
  };

  const rename = (user: ReceiverUser) => {
    let next = user.name;
    modals.openConfirmModal({
      title: `Rename ${user.email}`,
      children: (
        <TextInput
          label="Name"
          defaultValue={user.name}
          onChange={(e) => (next = e.currentTarget.value)}
          data-autofocus
        />
      ),
      labels: { confirm: 'Save', cancel: 'Cancel' },
      onConfirm: () =>
        actions.update.mutate(
          { id: user.id, body: { name: next.trim() } },
          {
            onSuccess: () => notify({ title: 'Name saved', message: next.trim(), type: 'success' }),
            onError: showApiError,
          },
        ),
    });
  };

  const remove = (user: ReceiverUser) => {
    const last = user.receivers.length <= 1;
    modals.openConfirmModal({
      title: `Remove ${user.name} from ${receiverName}?`,
      children: (
        <Text size="sm">
          {last
            ? `${user.email} is signed out and sees nothing any more.`
            : `${user.email} keeps ${user.receivers
                .filter((r) => r.id !== receiverId)
                .map((r) => r.name)
                .join(', ')}.`}
        </Text>
      ),
      labels: { confirm: 'Remove', cancel: 'Cancel' },
      confirmProps: { color: 'red' },
      onConfirm: () => {
        const done = {
          onSuccess: () => notify({ title: 'Charity user removed', message: user.email, type: 'success' }),
          onError: showApiError,
        };
        if (last) actions.remove.mutate(user.id, done);
        else
          actions.update.mutate(
            { id: user.id, body: { receiver_ids: user.receivers.map((r) => r.id).filter((id) => id !== receiverId) } },
            done,
          );
      },
    });
  };

  const invite = (user: ReceiverUser) =>
    actions.invite.mutate(user.id, {
      onSuccess: () =>
        notify({ title: 'Invitation sent', message: `A new invitation went to ${user.email}.`, type: 'success' }),
      onError: showApiError,
    });

  return (
    <Stack gap="sm" data-testid="receiver-users">
      <Title order={3} size="h4">
        Charity users
      </Title>
      <Text size="sm" c="dimmed">
        People of this receiver who sign in to see its food, impact and reports.
      </Text>
      {list.isError ? (
        <Alert color="red" variant="light" title="The charity users could not be loaded" />
      ) : list.data && list.data.results.length > 0 ? (
        <CompactList label="Charity users">
          {list.data.results.map((user) => {
            // Someone who has a password (or signed in) is signed up, whether or not an invitation got them there.
            const state = STATE_LABEL[user.signed_in ? 'accepted' : user.invitation.state];
            return (
              <CompactListRow key={user.id}>
                <Stack gap={2} style={{ flex: 1, minWidth: 0 }}>
                  <Text size="sm" fw={600} style={{ wordBreak: 'break-word' }}>
                    {user.name}
                  </Text>
                  <Text size="sm" style={{ wordBreak: 'break-all' }}>
                    {user.email}
                  </Text>
                  <Group gap={6}>
                    <Badge size="sm" variant="light" color={state.color}>
                      {state.label}
                    </Badge>
                    {user.invitation.state === 'pending' && user.invitation.expires_at && (
                      <Text size="xs" c="dimmed">
                        until {formatDateTime(user.invitation.expires_at)}
                      </Text>
                    )}
                  </Group>
                  {user.receivers.length > 1 && (
                    <Text size="xs" c="dimmed">
                      Also:{' '}
                      {user.receivers
                        .filter((r) => r.id !== receiverId)
                        .map((r) => r.name)
                        .join(', ')}
                    </Text>
                  )}
                </Stack>
                <Group gap={4} wrap="wrap" justify="flex-end" style={{ flexShrink: 0 }}>
                  <Button size="compact-sm" variant="default" onClick={() => rename(user)}>
                    Rename
                  </Button>
                  {!user.signed_in && user.invitation.state !== 'accepted' && (
                    <Button
                      size="compact-sm"
                      variant="default"
                      leftSection={<IconMailForward size={14} aria-hidden="true" />}
                      onClick={() => invite(user)}
                      loading={actions.invite.isPending && actions.invite.variables === user.id}
                    >
                      {user.invitation.state === 'none' ? 'Send invitation' : 'Send again'}
                    </Button>
                  )}
                  <Button
                    size="compact-sm"
                    variant="default"
                    color="red"
                    leftSection={<IconUserMinus size={14} aria-hidden="true" />}
                    aria-label={`Remove ${user.name}`}
                    onClick={() => remove(user)}
                  >
                    Remove
                  </Button>
                </Group>
              </CompactListRow>
            );
          })}
        </CompactList>
      ) : (
        list.isSuccess && (
          <Text size="sm" c="dimmed">
            No charity users yet.
          </Text>
        )
      )}
      <form onSubmit={add} aria-label="Add a charity user">
        <Stack gap="xs">
          <Group gap="xs" grow align="flex-end" wrap="wrap">
            <TextInput
              label="Name"
              value={name}
              onChange={(e) => setName(e.currentTarget.value)}
              maxLength={100}
              miw={160}
            />
            <TextInput
              label="E-mail"
              type="email"
              value={email}
              onChange={(e) => setEmail(e.currentTarget.value)}
              maxLength={254}
              miw={200}
            />
          </Group>
          <Group>
            <Button
              type="submit"
              variant="light"
              leftSection={<IconUserPlus size={16} aria-hidden="true" />}
              loading={actions.create.isPending}
              disabled={!email.trim() || !name.trim()}
            >
              Invite
            </Button>
          </Group>
        </Stack>
      </form>
    </Stack>
  );
}
