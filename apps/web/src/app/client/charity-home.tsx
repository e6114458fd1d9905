import { Alert, Button } from '@mantine/core';
import type { Viewer } from '@openrescue/shared';
import { LoadingPanel } from '../../components/loading-screen';
import { NotAuthorizedPanel } from '../../features/client-access/components/not-authorized-panel';
import { useMyReceiverUser } from '../../features/charity/api/receiver-users';
import { CharityDashboard } from './charity-dashboard';

/**
 * `/` for a signed-in user without a company user record: a charity user's dashboard (decision 0066), or the
 * not-authorized message for anyone else.
 */
export function CharityHome({ viewer, productName }: { viewer: Viewer; productName: string }) {
  const record = useMyReceiverUser();
  if (record.isPending) return <LoadingPanel />;
  if (record.isError) {
    return (
      <Alert color="red" variant="light" title="Your account could not be loaded">
        <Button mt="sm" size="xs" variant="default" onClick={() => void record.refetch()}>
          Try again
        </Button>
      </Alert>
    );
  }
  if (!record.data) return <NotAuthorizedPanel productName={productName} />;
  return <CharityDashboard viewer={viewer} charity={record.data} />;
}
