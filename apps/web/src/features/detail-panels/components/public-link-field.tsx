import { Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import { IconRefresh } from '@tabler/icons-react';
import { notify } from '../../../lib/toasts';
import {
  type LinkKind,
  type LinkSide,
  usePublicLink,
  useRecordPublicLinkCopied,
  useRotatePublicLink,
} from '../api/public-link';
import { LinkField } from './link-field';
import { showApiError } from '../../../lib/show-api-error';

/** What stops working when the link is rotated (issue 34: the confirm says it, posters included). */
const ROTATE_STOPS: Record<LinkKind, string> = {
  store:
    "Every copy of this store's public reports link stops working at once: links sent by e-mail, bookmarked or " +
    'shared. Printed posters keep working: they carry a poster link of their own.',
  receiver:
    "Every copy of this charity's public reports link stops working at once: the links in report mails already " +
    'sent or waiting to be sent, bookmarked or shared. Mails sent from now on carry the new link.',
};

export interface PublicLinkFieldProps {
  kind: LinkKind;
  id: string;
  canRotate: boolean;
  /** The console (staff) or the client app (the link's owners, issue 37): the same field, other routes. */
  side?: LinkSide;
}

/**
 * The public reports link (with its token): copy it (recorded in the audit trail); staff and the link's owners may
 * rotate it, which kills every older link.
 */
export function PublicLinkField({ kind, id, canRotate, side = 'ops' }: PublicLinkFieldProps) {
  const link = usePublicLink(kind, id, side);
  const rotate = useRotatePublicLink(kind, id, side);
  const copied = useRecordPublicLinkCopied(kind, id, side);

  const confirmRotate = () =>
    modals.openConfirmModal({
      title: 'Rotate the public link?',
      children: (
        <Text size="sm" data-testid="rotate-consequences">
          {ROTATE_STOPS[kind]} This cannot be undone!
        </Text>
      ),
      labels: { confirm: 'Rotate', cancel: 'Cancel' },
      confirmProps: { color: 'red.9' },
      onConfirm: () =>
        rotate.mutate(undefined, {
          onSuccess: () =>
            notify({ title: 'Link rotated', message: 'Older public links no longer work.', type: 'success' }),
          onError: showApiError,
        }),
    });

  return (
    <LinkField
      label="Public reports link"
      copyLabel="Copy public link"
      link={link}
      onCopied={() => copied.mutate(undefined, { onError: showApiError })}
      action={
        canRotate
          ? {
              label: 'Rotate link',
              icon: <IconRefresh size={14} aria-hidden="true" />,
              onClick: confirmRotate,
              pending: rotate.isPending,
            }
          : undefined
      }
    />
  );
}
