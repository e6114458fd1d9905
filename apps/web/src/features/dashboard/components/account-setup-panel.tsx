import { Paper, Stack, Text, Title } from '@mantine/core';
import { messages } from '@openrescue/shared';

/** Shown behind the 'Account setup not completed' dialog: a company user without a reporting store (section 8). */
export function AccountSetupPanel() {
  return (
    <Paper withBorder radius="md" p="xl" maw={640} mx="auto" data-testid="account-setup">
      <Stack gap="sm" ta="center">
        <Title order={2} size="h3">
          {messages.accountSetupTitle}
        </Title>
        <Text>{messages.accountSetupText}</Text>
      </Stack>
    </Paper>
  );
}
