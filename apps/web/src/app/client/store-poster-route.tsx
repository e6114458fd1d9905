import { useParams } from 'react-router';
import { LoadingScreen } from '../../components/loading-screen';
import { MonthSelect, useReportMonth } from '../../features/monthly-report/components/month-select';
import { PosterScreen } from '../../features/poster/components/poster-screen';
import { useAppConfig } from '../../lib/app-config';
import { useSession } from '../../lib/session-context';
import { BackToDashboard } from './back-to-dashboard';
import { ClientFrame } from './client-frame';

/** /posters/store/:storeId: the store poster (spec 2.10), with the reports' month picker. */
export function StorePosterRoute() {
  const { storeId = '' } = useParams();
  const { user } = useSession();
  const { config } = useAppConfig();
  const { month, choices, setMonth } = useReportMonth();
  if (!user) return <LoadingScreen />;
  return (
    <ClientFrame user={user} config={config} pageHasTitle>
      <PosterScreen
        key={storeId}
        storeId={storeId}
        month={month}
        monthPicker={<MonthSelect month={month} choices={choices} onChange={setMonth} />}
        productName={config.product_name}
        back={<BackToDashboard user={user} month={month} storeId={storeId} />}
      />
    </ClientFrame>
  );
}
