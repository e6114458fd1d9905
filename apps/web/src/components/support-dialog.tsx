import { Anchor, Button, Group, Modal, Stack, Text } from '@mantine/core';
import { memo } from 'react';

export interface SupportDialogProps {
  opened: boolean;
  onClose: () => void;
  email: string;
  /** Set when the dialog opens on top of another one inside a Modal.Stack. */
  stackId?: string;
}

/** The Support dialog (spec 2.5, 8): how to reach a person. Memoised: it sits closed in every frame that renders. */
export const SupportDialog = memo(function SupportDialog({ opened, onClose, email, stackId }: SupportDialogProps) {
  return (
    <Modal opened={opened} onClose={onClose} title="Support" centered stackId={stackId} data-testid="support-dialog">
      <Stack gap="md">
        {email ? (
          <Text>
            Questions or problems? Contact us at{' '}
            <Anchor href={`mailto:${email}`} fw={600}>
              {email}
            </Anchor>
            .
          </Text>
        ) : (
          <Text>Support contact details are not configured for this installation.</Text>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Close
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
});
