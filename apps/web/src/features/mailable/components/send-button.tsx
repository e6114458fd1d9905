import { Button, Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import { ERROR_TYPES, defaultMonth, formatMonth, reportDay } from '@openrescue/shared';
import { IconMailForward } from '@tabler/icons-react';
import { toApiError } from '../../../lib/api-errors';
import { showErrorDialog } from '../../../lib/error-events';
import { getProductName } from '../../../lib/product-name';
import { notify } from '../../../lib/toasts';
import { useMailRecipients, useSendCharityMails, type ContactFilters } from '../api/charity-contacts';
import { queuedText, recipientsText, skippedText } from '../lib/send-texts';

export interface SendMailsButtonProps {
  filters: ContactFilters;
  /** The number of contacts the list shows for these filters: the send names it, and the dialog says it. */
  total: number;
  disabled?: boolean;
  /** The server found another number of contacts (409): the list is out of date. */
  onListChanged?: () => void;
}

/** Mail send (spec 4): idle -> confirm -> sending ('Sendng..', the product's text) -> done. */
export function SendMailsButton({ filters, total, disabled, onListChanged }: SendMailsButtonProps) {
  const send = useSendCharityMails();
  const recipients = useMailRecipients(filters);
  const confirm = () => {
    // The reports' default period: the month before today in the report time zone.
    const month = defaultMonth(reportDay()).slice(0, 7);
    const contacts = total;
    // What the server says a send queues now (not unsubscribed, one per receiver and e-mail); the list's count
    // until it has answered.
    const mailers = recipients.data ?? total;
    const skipped = skippedText(mailers, contacts);
    modals.openConfirmModal({
      title: 'Send report mails',
      children: (
        <>
          <Text size="sm">Are you sure? This cannot be undone!</Text>
          <Text size="sm" mt="xs" fw={600} data-testid="mail-send-summary">
            {recipientsText(mailers, formatMonth(month))}
          </Text>
          {skipped && (
            <Text size="sm" mt={4} data-testid="mail-send-skipped">
              {skipped}
            </Text>
          )}
        </>
      ),
      labels: { confirm: 'Send', cancel: 'Cancel' },
      onConfirm: () =>
        send.mutate(
          { filters, month, contacts },
          {
            onSuccess: (queued) =>
              notify({
                title: 'Queued',
                message: queuedText(queued),
                type: 'success',
              }),
            onError: (error) => {
              const e = toApiError(error, getProductName());
              if (e.type === ERROR_TYPES.conflict) onListChanged?.();
              showErrorDialog({ type: e.type, message: e.message, detail: e.detail });
            },
          },
        ),
    });
  };
  return (
    <Button
      leftSection={<IconMailForward size={16} aria-hidden="true" />}
      onClick={confirm}
      disabled={disabled || total === 0 || send.isPending || recipients.isPending}
    >
      {send.isPending ? 'Sendng..' : 'Send'}
    </Button>
  );
}
