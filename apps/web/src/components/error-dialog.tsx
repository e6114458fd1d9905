import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { messages, needsLogin, SUPPORT_TYPES } from '@openrescue/shared';
import { useEffect, useState } from 'react';
import { subscribeErrorDialog, type ErrorDialogContent } from '../lib/error-events';
import { SupportDialog } from './support-dialog';

export interface ErrorDialogHostProps {
  supportEmail: string;
  /** The ops app offers Log out from the dialog of a failed data load (spec section 8). */
  offerLogout: boolean;
  onLogout: () => void;
  onLogin: () => void;
  /** The error that made the gate load this host (error-dialog-gate.tsx). */
  initial?: ErrorDialogContent | null;
}

/** The shared error dialog. Errors arrive through showErrorDialog(); the first stays until it is closed. */
export function ErrorDialogHost({
  supportEmail,
  offerLogout,
  onLogout,
  onLogin,
  initial = null,
}: ErrorDialogHostProps) {
  const [content, setContent] = useState<ErrorDialogContent | null>(initial);
  const [supportOpen, setSupportOpen] = useState(false);

  useEffect(() => subscribeErrorDialog((next) => setContent((current) => current ?? next)), []);

  const close = () => setContent(null);
  const loginRequired = needsLogin(content?.detail);
  const supportable = !!content?.type && SUPPORT_TYPES.includes(content.type);
  // The server often says the same thing as message and detail: say it once (decision 0064).
  const detail = content?.detail?.trim() && content.detail.trim() !== content.message.trim() ? content.detail : null;

  return (
    <Modal.Stack>
      <Modal
        stackId="error"
        opened={content !== null}
        onClose={loginRequired ? () => undefined : close}
        title={content?.title || messages.errorTitle}
        withCloseButton={!loginRequired}
        closeOnEscape={!loginRequired}
        closeOnClickOutside={!loginRequired}
        centered
        data-testid="error-dialog"
      >
        {content && (
          <Stack gap="sm">
            <Text fw={500}>{content.message}</Text>
            {detail && <Text size="sm">{detail}</Text>}
            {supportable && (
              <Text size="sm" c="dimmed">
                {messages.persists}
              </Text>
            )}
            <Group justify="flex-end" gap="sm" mt="sm">
              {supportable && (
                <Button variant="default" onClick={() => setSupportOpen(true)}>
                  Contact support
                </Button>
              )}
              {offerLogout && !loginRequired && content.source === 'load' && (
                <Button variant="default" onClick={() => (close(), onLogout())}>
                  Log out
                </Button>
              )}
              {loginRequired ? (
                <Button onClick={() => (close(), onLogin())}>Login</Button>
              ) : (
                <Button onClick={close}>Close</Button>
              )}
            </Group>
          </Stack>
        )}
      </Modal>
      <SupportDialog
        stackId="support"
        opened={supportOpen}
        onClose={() => setSupportOpen(false)}
        email={supportEmail}
      />
    </Modal.Stack>
  );
}
