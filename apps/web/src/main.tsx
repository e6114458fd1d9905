import './lib/styles/app.css';
import '@mantine/notifications/styles.layer.css';
import '@mantine/dates/styles.layer.css';
import '@mantine/charts/styles.layer.css';
import './lib/theme-overrides.css';
import { startTransition, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router/dom';
import { AppProviders } from './app/providers';
import { createAppRouter } from './app/router';
import { applyDemoFlag, isDemoMode } from './lib/demo-mode';
import { setAppNavigator } from './lib/navigation';
import { inOwnTask } from './lib/own-task';
import { appContainer } from './lib/shell-handoff';

// Before the first render, so a ?demo= link never flashes the other theme.
applyDemoFlag(window.location.search);

// The modules' evaluation is one task, creating the router (every route matched against the address, the first
// route's data asked for) another, and starting the first render a third, so that none is a long one on a slow
// phone. The page shows its pre-rendered splash or frame meanwhile.
void inOwnTask(async () => {
  const router = createAppRouter();
  setAppNavigator((to, options) => void router.navigate(to, options));
  return router;
}).then((router) =>
  inOwnTask(async () => {
    const root = document.getElementById('root');
    if (!root) throw new Error('index.html has no #root element');

    // As a transition, the first render gives way to the browser every few milliseconds instead of holding the main
    // thread for the whole tree (Total Blocking Time on a slow phone).
    startTransition(() => {
      createRoot(appContainer(root, { demo: isDemoMode() })).render(
        <StrictMode>
          <AppProviders>
            <RouterProvider router={router} />
          </AppProviders>
        </StrictMode>,
      );
    });
  }),
);
