import { ActionIcon, Button, CopyButton, Group, Stack, Text, TextInput, Tooltip } from '@mantine/core';
import { modals } from '@mantine/modals';
import { IconCheck, IconCopy, IconRefresh } from '@tabler/icons-react';
import { toApiError } from '../../../lib/api-errors';
import { showErrorDialog } from '../../../lib/error-events';
import { getProductName } from '../../../lib/product-name';
import { notify } from '../../../lib/toasts';
import { usePublicLink, useRotatePublicLink, type LinkKind } from '../api/public-link';

/** The public reports link (with its token): copy it; staff may rotate it, which kills every older link. */
export function PublicLinkField({ kind, id, canRotate }: { kind: LinkKind; id: string; canRotate: boolean }) {
  const link = usePublicLink(kind, id);
  const rotate = useRotatePublicLink(kind, id);
  const absolute = link.data ? new URL(link.data, window.location.origin).toString() : '';

  const confirmRotate = () =>
    modals.openConfirmModal({
      title: 'Rotate the public link?',
      children: <Text size="sm">Every link shared so far stops working at once. Are you sure? This cannot be undone!</Text>,
      labels: { confirm: 'Rotate', cancel: 'Cancel' },
      confirmProps: { color: 'red' },
      onConfirm: () =>
        rotate.mutate(undefined, {
          onSuccess: () => notify({ title: 'Link rotated', message: 'Older public links no longer work.', type: 'success' }),
          onError: (error) => {
            const e = toApiError(error, getProductName());
            showErrorDialog({ type: e.type, message: e.message, detail: e.detail });
          },
        }),
    });

  return (
    <Stack gap={4}>
      <Group gap="xs" align="flex-end" wrap="nowrap">
        <TextInput
          label="Public reports link"
          readOnly
          value={link.isPending ? 'Loading…' : link.isError ? '' : absolute}
          error={link.isError ? 'The public link could not be loaded' : undefined}
          style={{ flex: 1, minWidth: 0 }}
          onFocus={(e) => e.currentTarget.select()}
        />
        <CopyButton value={absolute}>
          {({ copied, copy }) => (
            <Tooltip label={copied ? 'Copied' : 'Copy link'} withArrow>
              <ActionIcon variant="default" size="lg" onClick={copy} disabled={!absolute} aria-label={copied ? 'Link copied' : 'Copy public link'}>
                {copied ? <IconCheck size={18} aria-hidden="true" /> : <IconCopy size={18} aria-hidden="true" />}
              </ActionIcon>
            </Tooltip>
          )}
        </CopyButton>
      </Group>
      {canRotate && (
        <Button variant="subtle" color="red" size="compact-sm" w="fit-content" leftSection={<IconRefresh size={14} aria-hidden="true" />} onClick={confirmRotate} loading={rotate.isPending} disabled={link.isPending}>
          Rotate link
        </Button>
      )}
    </Stack>
  );
}
