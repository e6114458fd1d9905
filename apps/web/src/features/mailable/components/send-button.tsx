import { Button, Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import { IconMailForward } from '@tabler/icons-react';
import { toApiError } from '../../../lib/api-errors';
import { showErrorDialog } from '../../../lib/error-events';
import { getProductName } from '../../../lib/product-name';
import { notify } from '../../../lib/toasts';
import { useSendCharityMails, type ContactFilters } from '../api/charity-contacts';

/** Mail send (spec 4): idle -> confirm -> sending ('Sendng..', the product's text) -> done. */
export function SendMailsButton({ filters, disabled }: { filters: ContactFilters; disabled?: boolean }) {
  const send = useSendCharityMails();
  const confirm = () =>
    modals.openConfirmModal({
      title: 'Send report mails',
      children: <Text size="sm">Are you sure? This cannot be undone!</Text>,
      labels: { confirm: 'Send', cancel: 'Cancel' },
      onConfirm: () =>
        send.mutate(filters, {
          onSuccess: (mailers) => notify({ title: 'Queued', message: `${mailers.toLocaleString('en-US')} mailers queued.`, type: 'success' }),
          onError: (error) => {
            const e = toApiError(error, getProductName());
            showErrorDialog({ type: e.type, message: e.message, detail: e.detail });
          },
        }),
    });
  return (
    <Button leftSection={<IconMailForward size={16} aria-hidden="true" />} onClick={confirm} disabled={disabled || send.isPending}>
      {send.isPending ? 'Sendng..' : 'Send'}
    </Button>
  );
}
