import './lib/styles/login-page.css';
import './lib/theme-overrides.css';
import { afterFirstPaint } from './lib/after-first-paint';
import { holdEarlySubmits } from './lib/early-submit';

// login.html's entry: the server sends the form pre-rendered, so its stylesheets come first and React, Mantine and
// the form's code load once it is on screen (login-page.tsx). A submit before then waits for them.
holdEarlySubmits();
afterFirstPaint(() => void import('./login-page'));
