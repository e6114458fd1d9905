import { useCallback } from 'react';
import { useLocation, useNavigate, useSearchParams } from 'react-router';
import { LoginScreen } from './login-screen';

/** /login inside the app (reached by navigation, e.g. after signing out or from a guarded page). */
export function LoginRoute() {
  const navigate = useNavigate();
  const location = useLocation();
  const [params] = useSearchParams();
  const from = (location.state as { from?: string } | null)?.from;
  const goTo = useCallback((target: string) => navigate(target, { replace: true }), [navigate]);
  return <LoginScreen from={from} social={params.get('social')} goTo={goTo} />;
}
