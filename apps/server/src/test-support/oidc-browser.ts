import type { BuiltApp } from '../app.js';
import { cookieJar } from './browser-session.js';

export interface Visit {
  status: number;
  /** Where a redirect leads, absolute. */
  location: string | null;
  body: string;
}

/**
 * A browser of one person for the OpenID Connect tests: a cookie jar per site, redirects followed by hand so a test
 * can stop at (and keep, alter or replay) the provider's redirect back to us. Requests to the app go through
 * `inject`; requests to the provider go over HTTP.
 */
export function oidcBrowser(app: BuiltApp['app'], appOrigin: string) {
  const jars = new Map<string, ReturnType<typeof cookieJar>>();
  const jarOf = (host: string) => jars.get(host) ?? jars.set(host, cookieJar()).get(host)!;

  async function visit(
    url: string,
    init: { method?: string; form?: Record<string, string>; json?: unknown } = {},
  ): Promise<Visit> {
    const target = new URL(url);
    const jar = jarOf(target.host);
    const method = init.method ?? (init.form || init.json ? 'POST' : 'GET');
    const headers: Record<string, string> = jar.header() ? { cookie: jar.header() } : {};
    let body: string | undefined;
    if (init.form)
      [headers['content-type'], body] = [
        'application/x-www-form-urlencoded',
        new URLSearchParams(init.form).toString(),
      ];
    if (init.json) [headers['content-type'], body] = ['application/json', JSON.stringify(init.json)];
    const absolute = (location: unknown) => (location ? new URL(String(location), url).href : null);
    if (target.origin === appOrigin) {
      if (method !== 'GET') headers.origin = appOrigin;
      const res = await app.inject({
        method: method as 'GET',
        url: target.pathname + target.search,
        headers,
        payload: body,
      });
      const setCookies = res.headers['set-cookie'];
      jar.take(setCookies === undefined ? [] : [setCookies].flat().map(String));
      return { status: res.statusCode, location: absolute(res.headers.location), body: res.body };
    }
    const res = await fetch(url, { method, headers, body, redirect: 'manual' });
    jar.take(res.headers.getSetCookie());
    return { status: res.status, location: absolute(res.headers.get('location')), body: await res.text() };
  }

  /** Follows redirects until a page answers, or until the next address is the app's (returned, not visited). */
  async function followToApp(url: string): Promise<{ appUrl: string | null; page: Visit }> {
    let next = url;
    for (let hop = 0; hop < 20; hop++) {
      const page = await visit(next);
      if (!page.location) return { appUrl: null, page };
      if (new URL(page.location).origin === appOrigin) return { appUrl: page.location, page };
      next = page.location;
    }
    throw new Error(`too many redirects from ${url}`);
  }

  /**
   * Signs in at the provider as `login` from an authorization address: its login form, then its consent form, as a
   * person would. Returns the redirect back to the app (with the code), not yet visited.
   */
  async function authorize(authorizationUrl: string, login = 'river'): Promise<string> {
    let { appUrl, page } = await followToApp(authorizationUrl);
    for (let form = 0; !appUrl && form < 4; form++) {
      const action = /<form[^>]*action="([^"]+)"/.exec(page.body)?.[1];
      const prompt = /name="prompt" value="(\w+)"/.exec(page.body)?.[1];
      if (!action || !prompt)
        throw new Error(`the provider answered ${page.status} without a form: ${page.body.slice(0, 300)}`);
      const origin = new URL(authorizationUrl).origin;
      const submitted = await visit(new URL(action, origin).href, {
        form: prompt === 'login' ? { prompt, login, password: 'any' } : { prompt },
      });
      if (!submitted.location)
        throw new Error(`the ${prompt} form answered ${submitted.status}: ${submitted.body.slice(0, 300)}`);
      if (new URL(submitted.location).origin === appOrigin) return submitted.location;
      ({ appUrl, page } = await followToApp(submitted.location));
    }
    if (!appUrl) throw new Error('the provider did not send the browser back');
    return appUrl;
  }

  /** The app's session cookie, if the browser holds one. */
  const hasSession = () => /session_token=/.test(jarOf(new URL(appOrigin).host).header());

  return { visit, authorize, hasSession };
}
