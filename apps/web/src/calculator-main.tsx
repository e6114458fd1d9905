import './lib/styles/calculator-page.css';
import './lib/theme-overrides.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BaseProviders } from './app/base-providers';
import { SalesCalculatorRoute } from './app/public/calculator-route';
import { PublicFrame } from './app/public/public-frame';
import { applyDemoFlag } from './lib/demo-mode';

// The savings calculator as its own page (calculator.html): embedded on websites and shared widely, so it loads only
// the theme and the calculator, not the console's router, session and toasts.
applyDemoFlag(window.location.search);

const root = document.getElementById('root');
if (!root) throw new Error('calculator.html has no #root element');

createRoot(root).render(
  <StrictMode>
    <BaseProviders>
      <PublicFrame>
        <SalesCalculatorRoute />
      </PublicFrame>
    </BaseProviders>
  </StrictMode>,
);
