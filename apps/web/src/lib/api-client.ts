import { REFRESH_ID_TOKEN_DETAIL } from '@openrescue/shared';
import { ApiRequestError, normaliseError, type ErrorSource } from './api-errors';

// Pure: no DOM imports, so it runs in Node against the real server as well as in the browser.

export interface ApiClientOptions {
  fetch: typeof fetch;
  getAccessToken: () => string | null | undefined;
  /** Expiry of the stored access token in epoch milliseconds, or null when unknown. */
  getExpiresAt: () => number | null | undefined;
  /** Gets (and stores) a new access token; rejects when none can be had. Called once however many requests wait. */
  refreshToken: () => Promise<string>;
  /** Nobody is signed in any more: the app goes to /login. */
  onSignedOut: () => void;
  productName?: () => string;
  isOffline?: () => boolean;
  now?: () => number;
}

export type QueryValue = string | number | boolean | null | undefined | readonly (string | number)[];

export interface RequestOptions {
  method?: string;
  /** Appended as a query string; lists are comma-joined (spec section 7), empty values dropped. */
  query?: Record<string, QueryValue>;
  /** Sent as JSON unless it is FormData, Blob or a string. */
  body?: unknown;
  headers?: Record<string, string>;
  signal?: AbortSignal;
  credentials?: RequestCredentials;
  responseType?: 'json' | 'text' | 'blob';
  /**
   * Sent as `Authorization: Bearer <bearer>` instead of the session's access token: a read-only public link
   * (`readonlyBearer`). Such a request is never refreshed and a 401 never signs anybody out.
   */
  bearer?: string;
}

export interface ApiClient {
  request<T>(url: string, options?: RequestOptions): Promise<T>;
  get<T>(url: string, options?: Omit<RequestOptions, 'method' | 'body'>): Promise<T>;
  post<T>(url: string, body?: unknown, options?: Omit<RequestOptions, 'method' | 'body'>): Promise<T>;
}

/** The credential of a read-only public link (DESIGN.md section 6): `ro.r_{receiverId}.{tk}` or `ro.s_{storeId}.{tk}`. */
export function readonlyBearer(kind: 'receiver' | 'store', id: string | number, tk: string): string {
  return `ro.${kind === 'receiver' ? 'r' : 's'}_${id}.${tk}`;
}

export function withQuery(url: string, query?: Record<string, QueryValue>): string {
  if (!query) return url;
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value === undefined || value === null || value === '') continue;
    params.append(key, Array.isArray(value) ? value.join(',') : String(value));
  }
  const qs = params.toString();
  if (!qs) return url;
  return `${url}${url.includes('?') ? '&' : '?'}${qs}`;
}

const isAbort = (e: unknown) => typeof e === 'object' && e !== null && (e as { name?: string }).name === 'AbortError';

async function readBody(res: Response, type: RequestOptions['responseType'] = 'json'): Promise<unknown> {
  if (type === 'blob') return res.blob();
  const raw = await res.text();
  if (type === 'text') return raw;
  if (raw === '') return undefined;
  try {
    return JSON.parse(raw);
  } catch {
    return raw;
  }
}

/** A 401 body that asks the client to refresh its token (section 5 "Token expiry"). */
export function asksForRefresh(body: unknown): boolean {
  if (typeof body !== 'object' || body === null) return false;
  const b = body as Record<string, unknown>;
  return [b.detail, b.message, b.Message].some(
    (v) => typeof v === 'string' && v.toLowerCase().includes(REFRESH_ID_TOKEN_DETAIL),
  );
}

export function createApiClient(options: ApiClientOptions): ApiClient {
  const doFetch = options.fetch; // detached: calling it as options.fetch() breaks window.fetch ("Illegal invocation")
  const now = options.now ?? (() => Date.now());
  const productName = () => options.productName?.() ?? 'OpenRescue';
  const isOffline =
    options.isOffline ??
    (() => typeof navigator !== 'undefined' && (navigator as { onLine?: boolean }).onLine === false);

  let refreshing: Promise<string> | null = null;
  // Covers a refreshToken that does not store the token it got: the old stored value maps to the new one.
  let lastRefresh: { from: string | null; to: string } | null = null;
  // A refresh refused (the session has ended): requests that used the same token and fail later get that answer
  // instead of asking again.
  let lastRefusal: { from: string | null; error: ApiRequestError } | null = null;

  const fail = (source: ErrorSource) => new ApiRequestError(normaliseError(source, productName()));

  function currentToken(): string | null {
    const stored = options.getAccessToken() ?? null;
    if (lastRefresh && stored === lastRefresh.from) return lastRefresh.to;
    return stored;
  }

  function isExpired(body: unknown): boolean {
    if (asksForRefresh(body)) return true;
    const expiresAt = options.getExpiresAt();
    return typeof expiresAt === 'number' && expiresAt <= now();
  }

  /** One refresh for everyone: requests failing meanwhile wait for it; late ones reuse its token. */
  function tokenAfter(usedToken: string | null): Promise<string> {
    if (refreshing) return refreshing;
    const token = currentToken();
    if (token && token !== usedToken) return Promise.resolve(token);
    const before = options.getAccessToken() ?? null;
    if (lastRefusal && lastRefusal.from === before) return Promise.reject(lastRefusal.error);
    refreshing = (async () => {
      try {
        const fresh = await options.refreshToken();
        lastRefresh = { from: before, to: fresh };
        lastRefusal = null;
        return fresh;
      } catch (error) {
        const apiError = error instanceof ApiRequestError ? error : fail({ kind: 'other', cause: error });
        if (apiError.status === 401 || (error as { status?: unknown } | null)?.status === 401)
          lastRefusal = { from: before, error: apiError };
        if (apiError.status === 401) options.onSignedOut();
        throw apiError;
      } finally {
        refreshing = null;
      }
    })();
    return refreshing;
  }

  async function send(url: string, opts: RequestOptions, token: string | null): Promise<Response> {
    const headers: Record<string, string> = { Accept: 'application/json', ...opts.headers };
    let body: BodyInit | undefined;
    if (opts.body !== undefined) {
      const raw = opts.body;
      const passThrough =
        typeof raw === 'string' ||
        (typeof FormData !== 'undefined' && raw instanceof FormData) ||
        (typeof Blob !== 'undefined' && raw instanceof Blob);
      body = passThrough ? (raw as BodyInit) : JSON.stringify(raw);
      if (!passThrough) headers['Content-Type'] = 'application/json';
    }
    if (token) headers.Authorization = `Bearer ${token}`;
    try {
      return await doFetch(url, {
        method: opts.method ?? (body === undefined ? 'GET' : 'POST'),
        headers,
        body,
        signal: opts.signal,
        credentials: opts.credentials,
      });
    } catch (error) {
      if (isAbort(error)) throw error;
      throw fail(isOffline() ? { kind: 'offline' } : { kind: 'no-response', cause: error });
    }
  }

  async function finish<T>(res: Response, opts: RequestOptions): Promise<T> {
    if (res.status === 204) return undefined as T;
    if (res.ok) return (await readBody(res, opts.responseType)) as T;
    throw fail({ kind: 'response', status: res.status, body: await readBody(res) });
  }

  async function request<T>(url: string, opts: RequestOptions = {}): Promise<T> {
    const fullUrl = withQuery(url, opts.query);
    if (opts.bearer !== undefined) return finish<T>(await send(fullUrl, opts, opts.bearer), opts);
    const usedToken = currentToken();
    const res = await send(fullUrl, opts, usedToken);
    if (res.status !== 401) return finish<T>(res, opts);

    const body = await readBody(res);
    if (!usedToken && !currentToken()) {
      options.onSignedOut();
      throw fail({ kind: 'response', status: 401, body });
    }
    if (!isExpired(body)) throw fail({ kind: 'response', status: 401, body });
    const fresh = await tokenAfter(usedToken);
    return finish<T>(await send(fullUrl, opts, fresh), opts);
  }

  return {
    request,
    get: (url, opts) => request(url, { ...opts, method: 'GET' }),
    post: (url, body, opts) => request(url, { ...opts, method: 'POST', body: body ?? {} }),
  };
}
