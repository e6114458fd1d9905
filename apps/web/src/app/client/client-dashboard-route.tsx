import { Alert, Button, Paper, Stack, Text, Title } from '@mantine/core';
import { ERROR_TYPES, messages } from '@openrescue/shared';
import { useEffect } from 'react';
import { LoadingScreen } from '../../components/loading-screen';
import { AccessSummaryPanel } from '../../features/client-access/components/access-summary-panel';
import { NotAuthorizedPanel } from '../../features/client-access/components/not-authorized-panel';
import { useClientAccess } from '../../features/client-access/api/get-company-user';
import { useAppConfig } from '../../lib/app-config';
import { showErrorDialog } from '../../lib/error-events';
import { useSession } from '../../lib/session-context';
import { ClientFrame } from './client-frame';

function AccountSetupPanel() {
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

/** The client app at /as_client (staff) and / (everyone else). */
export function ClientDashboardRoute() {
  const { user } = useSession();
  const { config, isPending: configPending } = useAppConfig();
  const { access, isPending, isError, refetch } = useClientAccess(user);

  const missingStore = access?.kind === 'missing-reporting-store';
  useEffect(() => {
    if (!missingStore) return;
    showErrorDialog({
      title: messages.accountSetupTitle,
      type: ERROR_TYPES.supportRequired,
      message: messages.accountSetupText,
    });
  }, [missingStore]);

  if (!user || configPending || (isPending && !isError)) return <LoadingScreen />;

  let content;
  if (isError || !access) {
    content = (
      <Alert color="red" variant="light" title="Your account could not be loaded">
        <Button mt="sm" size="xs" variant="default" onClick={() => void refetch()}>
          Try again
        </Button>
      </Alert>
    );
  } else if (access.kind === 'not-authorized') {
    content = <NotAuthorizedPanel productName={config.product_name} />;
  } else if (access.kind === 'missing-reporting-store') {
    content = <AccountSetupPanel />;
  } else {
    content = <AccessSummaryPanel access={access} />;
  }

  return (
    <ClientFrame user={user} config={config}>
      {content}
    </ClientFrame>
  );
}
