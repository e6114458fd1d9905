import { Alert, Button, Stack } from '@mantine/core';
import { ERROR_TYPES, messages, type Viewer } from '@openrescue/shared';
import { useEffect, useMemo } from 'react';
import { LoadingPanel, LoadingScreen } from '../../components/loading-screen';
import { ApiKeysPanel } from '../../features/api-keys/components/api-keys-panel';
import { useClientAccess } from '../../features/client-access/api/get-company-user';
import { NotAuthorizedPanel } from '../../features/client-access/components/not-authorized-panel';
import { AccountSetupPanel } from '../../features/dashboard/components/account-setup-panel';
import { ImpactDashboard } from '../../features/dashboard/components/impact-dashboard';
import { useAppConfig } from '../../lib/app-config';
import { showErrorDialog } from '../../lib/error-events';
import { useSession } from '../../lib/session-context';
import { CharityHome } from './charity-home';
import { ClientFrame } from './client-frame';

/** The client app at /as_client (staff) and / (everyone else): page view 'Client Dashboard' (spec 2.5). */
export function ClientDashboardRoute() {
  const { user } = useSession();
  const { config, isPending: configPending } = useAppConfig();
  const { access, companyUser, isPending, isError, refetch } = useClientAccess(user);

  const viewer = useMemo<Viewer | null>(
    () => (user ? { staff: user.staff, email: user.email, companyUser } : null),
    [user, companyUser],
  );

  const missingStore = access?.kind === 'missing-reporting-store';
  useEffect(() => {
    if (!missingStore) return;
    showErrorDialog({
      title: messages.accountSetupTitle,
      type: ERROR_TYPES.supportRequired,
      message: messages.accountSetupText,
    });
  }, [missingStore]);

  if (!user || !viewer || configPending) return <LoadingScreen />;

  // The frame shows while the account record is on its way: it needs only the session and the config, and drawing it
  // first leaves the dashboard's own first render a task of its own.
  let content;
  if (isPending && !isError) {
    content = <LoadingPanel />;
  } else if (isError || !access) {
    content = (
      <Alert color="red" variant="light" title="Your account could not be loaded">
        <Button mt="sm" size="xs" variant="default" onClick={() => void refetch()}>
          Try again
        </Button>
      </Alert>
    );
  } else if (access.kind === 'not-authorized') {
    // A charity (receiver) user has no company user record: its own dashboard (decision 0066).
    content = user.staff ? (
      <NotAuthorizedPanel productName={config.product_name} />
    ) : (
      <CharityHome viewer={viewer} productName={config.product_name} />
    );
  } else if (access.kind === 'missing-reporting-store') {
    content = <AccountSetupPanel />;
  } else {
    content = (
      <Stack gap="lg">
        <ImpactDashboard viewer={viewer} access={access} flwUrl={config.flw_url} />
        {/* A company admin's keys for the figures API (issue 38 section 2). */}
        {access.kind === 'company' && <ApiKeysPanel />}
      </Stack>
    );
  }

  return (
    <ClientFrame user={user} config={config}>
      {content}
    </ClientFrame>
  );
}
