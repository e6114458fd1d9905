import './lib/styles/login-page.css';
import './lib/theme-overrides.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BaseProviders } from './app/base-providers';
import { LoginScreen } from './app/login/login-screen';
import { applyDemoFlag } from './lib/demo-mode';
import { SessionProvider } from './lib/session-context';

// The sign-in page as its own page (login.html): the first thing most people load, so it carries only the theme, the
// session and the form; signing in then loads the app at its target (the session is in sessionStorage).
applyDemoFlag(window.location.search);

const root = document.getElementById('root');
if (!root) throw new Error('login.html has no #root element');

const goTo = (target: string) => window.location.replace(target);

createRoot(root).render(
  <StrictMode>
    <BaseProviders>
      <SessionProvider>
        <LoginScreen from={undefined} social={new URLSearchParams(window.location.search).get('social')} goTo={goTo} />
      </SessionProvider>
    </BaseProviders>
  </StrictMode>,
);
