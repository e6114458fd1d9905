import { useEffect } from 'react';
import { trackPageView } from './analytics';
import { useAppConfig } from './app-config';
import { useOptionalSession } from './session-context';

/**
 * Names the screen: the document title "{page} · {product}" for tabs and history, and one page-view event per
 * visit. Page views are recorded here rather than in the layout because lazy routes set their title after the
 * layout has rendered. `null` leaves the naming to a page nested inside.
 */
export function usePageTitle(title: string | null): void {
  const { config, isSuccess: configReady } = useAppConfig();
  const email = useOptionalSession()?.user?.email;
  // The router has already moved the history entry when a routed screen renders, so this is the screen's path; reading
  // it here rather than from the router lets pages outside the router (calculator.html) name themselves too.
  // Not read while pre-rendering on the server (src/ssr/prerender.tsx), where there is no window; effects only run in the browser.
  const pathname = typeof window === 'undefined' ? '' : window.location.pathname;
  const staffDomain = config.staff_email_domain;

  useEffect(() => {
    if (title === null) return;
    document.title = title ? `${title} · ${config.product_name}` : config.product_name;
  }, [title, config.product_name]);

  useEffect(() => {
    if (title === null || !configReady) return;
    trackPageView(pathname, title, { email, staffDomain });
  }, [title, pathname, email, staffDomain, configReady]);
}
