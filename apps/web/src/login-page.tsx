import { StandaloneLoginPage } from './app/login/standalone-login-page';
import { hasInlinedConfig } from './lib/app-config';
import { applyDemoFlag, isDemoMode } from './lib/demo-mode';
import { mountPage } from './lib/mount-page';
import { getSession } from './lib/session';

// The sign-in page as its own page (login.html): the first thing most people load, so it carries only the theme, the
// session and the form; signing in then loads the app at its target (the session is in sessionStorage).
applyDemoFlag(window.location.search);

const root = document.getElementById('root');
if (!root) throw new Error('login.html has no #root element');

const social = new URLSearchParams(window.location.search).get('social');
const goTo = (target: string) => window.location.replace(target);
const asPrerendered = hasInlinedConfig() && !isDemoMode() && social === null && getSession() === null;

mountPage(root, <StandaloneLoginPage social={social} goTo={goTo} />, asPrerendered);
