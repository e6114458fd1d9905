import { BaseProviders } from '../base-providers';
import { SessionProvider } from '../../lib/session-context';
import { LoginScreen } from './login-screen';

/**
 * login.html's whole tree: the browser entry mounts it (src/login-page.tsx) and the server pre-renders the same
 * tree into the page (src/ssr/prerender.tsx), so hydration matches.
 */
export function StandaloneLoginPage({ social, goTo }: { social: string | null; goTo: (target: string) => void }) {
  return (
    <BaseProviders>
      <SessionProvider>
        <LoginScreen from={undefined} social={social} goTo={goTo} />
      </SessionProvider>
    </BaseProviders>
  );
}
