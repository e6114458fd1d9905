import { StandaloneCalculatorPage } from './app/public/standalone-calculator-page';
import { hasInlinedConfig } from './lib/app-config';
import { applyDemoFlag, isDemoMode } from './lib/demo-mode';
import { mountPage } from './lib/mount-page';

// The savings calculator as its own page (calculator.html): embedded on websites and shared widely, so it loads only
// the theme and the calculator, not the console's router, session and toasts.
applyDemoFlag(window.location.search);

const root = document.getElementById('root');
if (!root) throw new Error('calculator.html has no #root element');

mountPage(root, <StandaloneCalculatorPage />, hasInlinedConfig() && !isDemoMode());
