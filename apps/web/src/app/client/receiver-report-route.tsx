import { useParams } from 'react-router';
import { LoadingScreen } from '../../components/loading-screen';
import { useMyReceiverUser } from '../../features/charity/api/receiver-users';
import { useClientAccess } from '../../features/client-access/api/get-company-user';
import { ShareLinks } from '../../features/detail-panels/components/share-links';
import { useReportMonth } from '../../features/monthly-report/components/month-select';
import { MonthlyReportScreen } from '../../features/monthly-report/components/monthly-report-screen';
import { useAppConfig } from '../../lib/app-config';
import { useSession } from '../../lib/session-context';
import { BackToDashboard } from './back-to-dashboard';
import { ClientFrame } from './client-frame';

/**
 * /reports/receiver/:receiverId: a receiver's (charity's) monthly donation report with Raw Data (spec 2.6); the
 * charity's own users (and staff) also manage its share link here (issue 37 section 3).
 */
export function ReceiverReportRoute() {
  const { receiverId = '' } = useParams();
  const { user } = useSession();
  const { config } = useAppConfig();
  const { month } = useReportMonth();
  const { access } = useClientAccess(user);
  const charity = useMyReceiverUser(user !== null && !user.staff);
  if (!user) return <LoadingScreen />;
  const ownsLink =
    access?.kind === 'admin' || Boolean(charity.data?.receivers.some((r) => String(r.id) === receiverId));
  return (
    <ClientFrame user={user} config={config} pageHasTitle>
      <MonthlyReportScreen
        key={receiverId}
        kind="receiver"
        id={receiverId}
        back={<BackToDashboard user={user} month={month} />}
        share={ownsLink ? <ShareLinks kind="receiver" id={receiverId} /> : undefined}
      />
    </ClientFrame>
  );
}
