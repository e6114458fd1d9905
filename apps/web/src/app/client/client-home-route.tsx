import { POST_AUTH_REDIRECT_MS } from '@openrescue/shared';
import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import { LoadingScreen } from '../../components/loading-screen';
import { paths } from '../../config/paths';
import { useSession } from '../../lib/session-context';
import { ClientDashboardRoute } from './client-dashboard-route';

/** `/`: the client app for non-staff; staff move on to /ops after POST_AUTH_REDIRECT_MS (spec section 4). */
export function ClientHomeRoute() {
  const { user } = useSession();
  const navigate = useNavigate();
  const staff = user?.staff === true;

  useEffect(() => {
    if (!staff) return;
    const timer = setTimeout(() => navigate(paths.ops.root, { replace: true }), POST_AUTH_REDIRECT_MS);
    return () => clearTimeout(timer);
  }, [staff, navigate]);

  if (staff) return <LoadingScreen />;
  return <ClientDashboardRoute />;
}
