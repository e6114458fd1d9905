import { useParams } from 'react-router';
import { LoadingScreen } from '../../components/loading-screen';
import { useReportMonth } from '../../features/monthly-report/components/month-select';
import { MonthlyReportScreen } from '../../features/monthly-report/components/monthly-report-screen';
import { useAppConfig } from '../../lib/app-config';
import { useSession } from '../../lib/session-context';
import { BackToDashboard } from './back-to-dashboard';
import { ClientFrame } from './client-frame';

/** /reports/store/:storeId: a store's monthly donation report (spec 2.6). */
export function StoreReportRoute() {
  const { storeId = '' } = useParams();
  const { user } = useSession();
  const { config } = useAppConfig();
  const { month } = useReportMonth();
  if (!user) return <LoadingScreen />;
  return (
    <ClientFrame user={user} config={config} pageHasTitle>
      <MonthlyReportScreen
        key={storeId}
        kind="store"
        id={storeId}
        back={<BackToDashboard user={user} month={month} storeId={storeId} />}
      />
    </ClientFrame>
  );
}
