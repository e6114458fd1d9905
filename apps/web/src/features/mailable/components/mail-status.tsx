import { Button, Group, Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import { formatDate } from '@openrescue/shared';
import { IconMailCheck } from '@tabler/icons-react';
import { notify } from '../../../lib/toasts';
import { useResubscribeContact, type CharityContact } from '../api/charity-contacts';
import { showApiError } from '../../../lib/show-api-error';

/**
 * Whether the contact gets the report mail. One who unsubscribed (the mail's one-click link) is skipped by every
 * send until staff re-enable it, which they do only when the person asks for the mails again.
 */
export function MailStatus({ contact }: { contact: CharityContact }) {
  const resubscribe = useResubscribeContact();
  if (!contact.unsubscribed_at) return <Text size="sm">Gets the report mail</Text>;

  const confirm = () =>
    modals.openConfirmModal({
      title: 'Send report mails again?',
      children: (
        <Text size="sm">
          {contact.email} unsubscribed on {formatDate(contact.unsubscribed_at!)}. Re-enable the report mail only when
          they asked for it again.
        </Text>
      ),
      labels: { confirm: 'Re-enable', cancel: 'Cancel' },
      onConfirm: () =>
        resubscribe.mutate(contact.id, {
          onSuccess: () =>
            notify({ title: 'Re-enabled', message: `${contact.email} gets the report mail again.`, type: 'success' }),
          onError: (error) => showApiError(error),
        }),
    });

  return (
    <Group gap="xs" wrap="wrap">
      <Text size="sm" fw={600} data-testid="contact-unsubscribed">
        Unsubscribed on {formatDate(contact.unsubscribed_at)}: sends skip this contact
      </Text>
      <Button
        size="compact-sm"
        variant="light"
        leftSection={<IconMailCheck size={14} aria-hidden="true" />}
        onClick={confirm}
        loading={resubscribe.isPending}
      >
        Re-enable report mails
      </Button>
    </Group>
  );
}
