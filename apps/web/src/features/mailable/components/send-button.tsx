import { Button, Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import { ERROR_TYPES, defaultMonth, formatMonth, reportDay } from '@openrescue/shared';
import { IconMailForward } from '@tabler/icons-react';
import { toApiError } from '../../../lib/api-errors';
import { showErrorDialog } from '../../../lib/error-events';
import { getProductName } from '../../../lib/product-name';
import { notify } from '../../../lib/toasts';
import { useSendCharityMails, type ContactFilters } from '../api/charity-contacts';

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
  const confirm = () => {
    // The reports' default period: the month before today in the report time zone.
    const month = defaultMonth(reportDay()).slice(0, 7);
    const contacts = total;
    modals.openConfirmModal({
      title: 'Send report mails',
      children: (
        <>
          <Text size="sm">Are you sure? This cannot be undone!</Text>
          <Text size="sm" mt="xs" data-testid="mail-send-summary">
            {`${formatMonth(month)} report to ${contacts.toLocaleString('en-US')} ${contacts === 1 ? 'contact' : 'contacts'}.`}
          </Text>
        </>
      ),
      labels: { confirm: 'Send', cancel: 'Cancel' },
      onConfirm: () =>
        send.mutate(
          { filters, month, contacts },
          {
            onSuccess: (mailers) =>
              notify({
                title: 'Queued',
                message: `${mailers.toLocaleString('en-US')} mailers queued.`,
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
      disabled={disabled || total === 0 || send.isPending}
    >
      {send.isPending ? 'Sendng..' : 'Send'}
    </Button>
  );
}
