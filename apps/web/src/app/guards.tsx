import { Navigate, Outlet, useLocation } from 'react-router';
import { LoadingScreen } from '../components/loading-screen';
import { paths } from '../config/paths';
import { useSession } from '../lib/session-context';

/** No signed-in user and no stored token: go to /login, remembering where the visitor was going. */
export function RequireSession() {
  const { user, status } = useSession();
  const location = useLocation();
  if (user) return <Outlet />;
  if (status === 'restoring') return <LoadingScreen />;
  return <Navigate to={paths.login} replace state={{ from: `${location.pathname}${location.search}` }} />;
}

/** Staff-only areas (the ops console, /as_client): everyone else goes to the client app at /. */
export function RequireStaff() {
  const { user } = useSession();
  if (!user?.staff) return <Navigate to={paths.home} replace />;
  return <Outlet />;
}
