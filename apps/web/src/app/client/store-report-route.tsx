import { useParams } from 'react-router';
import { LoadingScreen } from '../../components/loading-screen';
import { useClientAccess } from '../../features/client-access/api/get-company-user';
import { ShareLinks } from '../../features/detail-panels/components/share-links';
import { useReportMonth } from '../../features/monthly-report/components/month-select';
import { MonthlyReportScreen } from '../../features/monthly-report/components/monthly-report-screen';
import { useAppConfig } from '../../lib/app-config';
import { useSession } from '../../lib/session-context';
import { BackToDashboard } from './back-to-dashboard';
import { ClientFrame } from './client-frame';

/**
 * /reports/store/:storeId: a store's monthly donation report (spec 2.6); company users who reach every store of
 * their company (and staff) also manage its share links here (issue 37 section 3).
 */
export function StoreReportRoute() {
  const { storeId = '' } = useParams();
  const { user } = useSession();
  const { config } = useAppConfig();
  const { month } = useReportMonth();
  const { access } = useClientAccess(user);
  if (!user) return <LoadingScreen />;
  const ownsLinks = access?.kind === 'company' || access?.kind === 'admin';
  return (
    <ClientFrame user={user} config={config} pageHasTitle>
      <MonthlyReportScreen
        key={storeId}
        kind="store"
        id={storeId}
        back={<BackToDashboard user={user} month={month} storeId={storeId} />}
        share={ownsLinks ? <ShareLinks kind="store" id={storeId} /> : undefined}
      />
    </ClientFrame>
  );
}
