import { ActionIcon, Button, CopyButton, Group, Stack, TextInput, Tooltip } from '@mantine/core';
import { IconCheck, IconCopy } from '@tabler/icons-react';
import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';

export interface LinkFieldProps {
  label: string;
  /** The copy button's name, e.g. 'Copy public link'. */
  copyLabel: string;
  link: UseQueryResult<string>;
  /** The staff action under the field (rotate, revoke), when the viewer may take it. */
  action?: { label: string; icon: ReactNode; onClick: () => void; pending: boolean };
  /** After the copy button put the link on the clipboard (the audit trail records it). */
  onCopied?: () => void;
}

/** A read-only link with a copy button, and a red action that replaces it. */
export function LinkField({ label, copyLabel, link, action, onCopied }: LinkFieldProps) {
  const absolute = link.data ? new URL(link.data, window.location.origin).toString() : '';
  return (
    <Stack gap={4}>
      <Group gap="xs" align="flex-end" wrap="nowrap">
        <TextInput
          label={label}
          readOnly
          value={link.isPending ? 'Loading…' : link.isError ? '' : absolute}
          error={link.isError ? `The ${label.toLowerCase()} could not be loaded` : undefined}
          style={{ flex: 1, minWidth: 0 }}
          onFocus={(e) => e.currentTarget.select()}
        />
        <CopyButton value={absolute}>
          {({ copied, copy }) => (
            <Tooltip label={copied ? 'Copied' : 'Copy link'} withArrow>
              <ActionIcon
                variant="default"
                size="lg"
                onClick={() => {
                  copy();
                  onCopied?.();
                }}
                disabled={!absolute}
                aria-label={copied ? 'Link copied' : copyLabel}
              >
                {copied ? <IconCheck size={18} aria-hidden="true" /> : <IconCopy size={18} aria-hidden="true" />}
              </ActionIcon>
            </Tooltip>
          )}
        </CopyButton>
      </Group>
      {action && (
        <Button
          variant="subtle"
          color="red"
          // Mantine's subtle text stops at shade 6 (3.3:1 on white); shade 9 reads at 5.4:1.
          c="red.9"
          size="compact-sm"
          w="fit-content"
          leftSection={action.icon}
          onClick={action.onClick}
          loading={action.pending}
          disabled={link.isPending}
        >
          {action.label}
        </Button>
      )}
    </Stack>
  );
}
