import { useParams } from 'react-router';
import { LoadingScreen } from '../../components/loading-screen';
import { useReportMonth } from '../../features/monthly-report/components/month-select';
import { MonthlyReportScreen } from '../../features/monthly-report/components/monthly-report-screen';
import { useAppConfig } from '../../lib/app-config';
import { useSession } from '../../lib/session-context';
import { BackToDashboard } from './back-to-dashboard';
import { ClientFrame } from './client-frame';

/** /reports/receiver/:receiverId: a receiver's (charity's) monthly donation report with Raw Data (spec 2.6). */
export function ReceiverReportRoute() {
  const { receiverId = '' } = useParams();
  const { user } = useSession();
  const { config } = useAppConfig();
  const { month } = useReportMonth();
  if (!user) return <LoadingScreen />;
  return (
    <ClientFrame user={user} config={config} pageHasTitle>
      <MonthlyReportScreen
        key={receiverId}
        kind="receiver"
        id={receiverId}
        back={<BackToDashboard user={user} month={month} />}
      />
    </ClientFrame>
  );
}
