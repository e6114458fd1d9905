import { Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import { IconBan } from '@tabler/icons-react';
import { notify } from '../../../lib/toasts';
import { usePosterLink, useRecordPosterLinkCopied, useRevokePosterLink } from '../api/poster-link';
import type { LinkSide } from '../api/public-link';
import { LinkField } from './link-field';
import { showApiError } from '../../../lib/show-api-error';

/**
 * The short link a store's printed posters carry in their QR code (decision 0050): it outlives rotating the public
 * reports link, and staff revoke it on its own.
 */
export function PosterLinkField({ storeId, side = 'ops' }: { storeId: string; side?: LinkSide }) {
  const link = usePosterLink(storeId, side);
  const revoke = useRevokePosterLink(storeId, side);
  const copied = useRecordPosterLinkCopied(storeId, side);

  const confirmRevoke = () =>
    modals.openConfirmModal({
      title: 'Revoke the poster link?',
      children: (
        <Text size="sm" data-testid="revoke-consequences">
          Every poster printed with this link stops opening the store&apos;s report: its QR code and short address say
          the link was replaced. Posters downloaded from now on carry a new link. The public reports link keeps working.
          This cannot be undone!
        </Text>
      ),
      labels: { confirm: 'Revoke', cancel: 'Cancel' },
      confirmProps: { color: 'red.9' },
      onConfirm: () =>
        revoke.mutate(undefined, {
          onSuccess: () =>
            notify({
              title: 'Poster link revoked',
              message: 'Print the poster again to replace the old ones.',
              type: 'success',
            }),
          onError: showApiError,
        }),
    });

  return (
    <LinkField
      label="Poster link"
      copyLabel="Copy poster link"
      link={link}
      onCopied={() => copied.mutate(undefined, { onError: showApiError })}
      action={{
        label: 'Revoke poster link',
        icon: <IconBan size={14} aria-hidden="true" />,
        onClick: confirmRevoke,
        pending: revoke.isPending,
      }}
    />
  );
}
