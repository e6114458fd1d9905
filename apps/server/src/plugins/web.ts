import { existsSync, readFileSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import { brotliCompressSync, constants as zlibConstants, gzipSync } from 'node:zlib';
import { negotiate } from '@fastify/accept-negotiator';
import fastifyStatic from '@fastify/static';
import {
  type AppConfig,
  type DashboardFirstView,
  ERROR_TYPES,
  FIRST_VIEW_MARKS,
  firstViewVariant,
  type FirstViewVariant,
} from '@openrescue/shared';
import escapeHtml from 'escape-html';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { declareAccessForContext } from './access.js';

// /map/: the map's tiles, glyphs and place names; a missing one is a 404, never the app's page.
const API_PREFIXES = ['/core-api', '/ops-api', '/docs', '/health', '/map/'];
/**
 * The web build's HTML entries (apps/web/vite.config.ts), each pre-rendered by the server: the sign-in page and the
 * calculator whole, the app (index.html, every other path) as its loading screen, or with a frame (prerenderShells):
 * for a console screen the console frame with its heading, for a public network map its banner. `routes`: the paths
 * a page is sent for.
 */
const PAGES = {
  app: { file: 'index.html', routes: [] },
  login: { file: 'login.html', routes: ['/login'] },
  calculator: { file: 'calculator.html', routes: ['/public/salescalculator'] },
} as const;
type PrerenderedPage = keyof typeof PAGES;
const PAGE_OF_ROUTE = new Map<string, PrerenderedPage>(
  Object.entries(PAGES).flatMap(([name, { routes }]) => routes.map((route) => [route, name as PrerenderedPage])),
);
/** The web build's server-side renderer of those pages (apps/web/src/ssr/prerender.tsx). */
const PRERENDER_MODULE = '.ssr/prerender.js';
const EMPTY_ROOT = '<div id="root"></div>';

/**
 * An HTML page and its compressed forms: made once (the pre-rendered pages are 20-35 kB, a fifth of that compressed),
 * or per request for a page made for one user (toPersonalPage).
 */
interface Page {
  html: string;
  /** The page in an encoding the browser takes. */
  encoded: (encoding: Encoding) => Buffer;
  /** Made for one signed-in user: never stored. */
  personal?: boolean;
}
const ENCODINGS = ['br', 'gzip'] as const;
type Encoding = (typeof ENCODINGS)[number];

/** The app's page for a console screen or the public maps (and the addresses under it) with its frame (prerenderShells). */
interface ShellPage {
  path: string;
  page: Page;
}

function shellFor(shells: ShellPage[], path: string): Page | undefined {
  return shells.find((shell) => path === shell.path || path.startsWith(`${shell.path}/`))?.page;
}

function toPage(html: string): Page {
  const encoded = { br: brotliCompressSync(html), gzip: gzipSync(html, { level: 9 }) };
  return { html, encoded: (encoding) => encoded[encoding] };
}

/**
 * A page made for one request, compressed in the one encoding it is sent in, at a quick level: brotli's quality 3
 * takes ~1 ms for the ~22 kB first view (quality 5, ~4 ms; the default 11, ~20 ms) for 0.7 kB more than quality 5.
 */
const QUICK_BROTLI = { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 3 } };
function toPersonalPage(html: string): Page {
  return {
    html,
    personal: true,
    encoded: (encoding) => (encoding === 'br' ? brotliCompressSync(html, QUICK_BROTLI) : gzipSync(html, { level: 4 })),
  };
}

/** The client dashboard's first view for a signed-in visit of `/` (decision 0032), from the session cookie. */
export type FirstViewSource = (cookie: string) => Promise<DashboardFirstView | null>;

const FIRST_VIEW_MARK = new RegExp(`${FIRST_VIEW_MARKS.initials}|[${Object.values(FIRST_VIEW_MARKS).join('')}]`, 'g');

/** A template of the first view with the user's values in place of its marks, in one pass (a value is not re-read). */
export function fillFirstView(template: string, view: DashboardFirstView): string {
  const values: Record<string, string> = {
    [FIRST_VIEW_MARKS.title]: view.title,
    [FIRST_VIEW_MARKS.range]: view.range,
    [FIRST_VIEW_MARKS.email]: view.email,
    [FIRST_VIEW_MARKS.initials]: view.initials,
    [FIRST_VIEW_MARKS.storeId]: String(view.storeId ?? ''),
    [FIRST_VIEW_MARKS.photoURL]: view.photoURL ?? '',
  };
  return template.replace(FIRST_VIEW_MARK, (mark) => escapeHtml(values[mark] ?? ''));
}

/**
 * Pages whose address carries a credential (a public report link's `tk`, a network region's secret): never stored,
 * and never named in a Referer, whatever the security headers' defaults become.
 */
const CREDENTIAL_PAGE = /^\/public\/(store\/[^/]+\/(reports|posters)|charity\/[^/]+\/reports|network\/[^/]+\/[^/]+)$/;

function sendPage(request: FastifyRequest, reply: FastifyReply, page: Page, path: string) {
  if (page.personal) reply.header('cache-control', 'no-store');
  else if (CREDENTIAL_PAGE.test(path))
    reply.header('cache-control', 'no-store').header('referrer-policy', 'no-referrer');
  else reply.header('cache-control', 'no-cache');
  reply.header('vary', page.personal ? 'cookie, accept-encoding' : 'accept-encoding').type('text/html; charset=utf-8');
  const encoding = negotiate(request.headers['accept-encoding'] ?? '', [...ENCODINGS]) as Encoding | null;
  return encoding ? reply.header('content-encoding', encoding).send(page.encoded(encoding)) : reply.send(page.html);
}

/**
 * A page with the public settings inlined as a JSON data block (not a script: the CSP stays strict), so the web app
 * has them without asking /core-api/api/config first (apps/web/src/lib/app-config.ts reads it).
 */
function readPage(path: string, config: AppConfig): Page | null {
  if (!existsSync(path)) return null;
  const json = JSON.stringify(config).replace(/</g, '\\u003c');
  return toPage(
    readFileSync(path, 'utf8').replace(
      '</head>',
      `<script type="application/json" id="app-config">${json}</script></head>`,
    ),
  );
}

/**
 * Puts each page's first-visit markup into its #root, so it paints before its script has run (the standalone pages
 * are then hydrated: apps/web/src/lib/mount-page.tsx; the app replaces its loading screen when it renders). Runs once the server is up, not before: loading
 * React's server renderer would add to every start. Until it is done, or without the renderer, pages go out empty.
 */
async function prerenderPages(
  app: FastifyInstance,
  webDist: string,
  config: AppConfig,
  pages: Map<PrerenderedPage, Page | null>,
  shells: ShellPage[],
  firstViews: Map<FirstViewVariant, string>,
) {
  const modulePath = `${webDist}/${PRERENDER_MODULE}`;
  if (!existsSync(modulePath)) return;
  const names = Object.keys(PAGES) as PrerenderedPage[];
  const withMarkup = (html: string | undefined, markup: string) =>
    html?.includes(EMPTY_ROOT) ? toPage(html.replace(EMPTY_ROOT, `<div id="root">${markup}</div>`)) : null;
  const appHtml = pages.get('app')?.html;
  try {
    const rendered = await renderInWorker(pathToFileURL(modulePath).href, names, config);
    names.forEach((name, i) => {
      const page = withMarkup(pages.get(name)?.html, rendered.markup[i]);
      if (page) pages.set(name, page);
    });
    for (const shell of rendered.shells) {
      const page = withMarkup(appHtml, shell.markup);
      if (page) shells.push({ path: shell.path, page });
    }
    if (appHtml?.includes(EMPTY_ROOT)) {
      for (const { variant, markup } of rendered.clientShells) {
        firstViews.set(variant, appHtml.replace(EMPTY_ROOT, `<div id="root">${markup}</div>`));
      }
    }
  } catch (error) {
    app.log.warn({ err: error }, 'pre-rendering the pages failed; they are sent unrendered');
  }
}

/**
 * Renders in a thread of its own, ended once it has answered: React's server renderer, Mantine and the pages' code
 * kept ~50 MB of the server's resident memory for good when loaded into it (319 against 367 MB idle), for markup made once.
 * The markup is for the web's production build, so React's production build makes it, whatever the server's NODE_ENV
 * (unset under `npm start`, test in the tests): its development build took ~1.2 s more of CPU at each start. The thread's
 * environment is its own copy.
 */
const RENDER_THREAD = `
const { parentPort, workerData } = require('node:worker_threads');
process.env.NODE_ENV = 'production';
import(workerData.moduleUrl)
  .then(({ prerender, prerenderShells, prerenderClientShells }) => parentPort.postMessage({
    markup: workerData.pages.map((page) => prerender(page, workerData.config)),
    shells: prerenderShells ? prerenderShells(workerData.config) : [],
    clientShells: prerenderClientShells ? prerenderClientShells(workerData.config) : [],
  }))
  .catch((error) => parentPort.postMessage({ error: String(error && error.stack || error) }));
`;

interface Rendered {
  markup: string[];
  shells: Array<{ path: string; markup: string }>;
  /** Templates of the client dashboard's first view, with FIRST_VIEW_MARKS where the user's values go. */
  clientShells: Array<{ variant: FirstViewVariant; markup: string }>;
}

function renderInWorker(moduleUrl: string, pages: PrerenderedPage[], config: AppConfig): Promise<Rendered> {
  const worker = new Worker(RENDER_THREAD, { eval: true, workerData: { moduleUrl, pages, config } });
  return new Promise<Rendered>((resolve, reject) => {
    worker.once('message', (answer: Partial<Rendered> & { error?: string }) =>
      answer.markup
        ? resolve({ markup: answer.markup, shells: answer.shells ?? [], clientShells: answer.clientShells ?? [] })
        : reject(new Error(answer.error)),
    );
    worker.once('error', reject);
    worker.once('exit', (code) => reject(new Error(`the pre-render thread ended (${code}) without an answer`)));
  }).finally(() => void worker.terminate());
}

/** Visits that render differently from the pre-rendered markup get the page without it (the script renders them). */
const PLAIN_VISIT = /[?&](demo|social)=/;

/**
 * The page for a visit of `/` by a signed-in company user: the app with the client dashboard's first view in it, or
 * null (anyone else, a visit with a query, no templates yet, the session not readable) for the page as usual.
 */
async function firstViewPage(
  request: FastifyRequest,
  templates: Map<FirstViewVariant, string>,
  source: FirstViewSource | undefined,
): Promise<Page | null> {
  const cookie = request.headers.cookie;
  if (!source || !cookie || templates.size === 0 || request.url !== '/') return null;
  let view: DashboardFirstView | null;
  try {
    view = await source(cookie);
  } catch (error) {
    request.log.warn(
      { err: error },
      "the client dashboard's first view could not be made; the page is sent without it",
    );
    return null;
  }
  const template = view && templates.get(firstViewVariant(view));
  return view && template ? toPersonalPage(fillFirstView(template, view)) : null;
}

/**
 * Serves the built web app; any other GET that is not an API path gets index.html (client-side routes).
 * `firstView`: the client dashboard's first view for a signed-in visit of `/` (decision 0032).
 */
export async function registerWeb(
  app: FastifyInstance,
  webDist: string | null,
  config: AppConfig,
  firstView?: FirstViewSource,
) {
  const plain = new Map(
    Object.entries(PAGES).map(([name, { file }]) => [
      name as PrerenderedPage,
      webDist === null ? null : readPage(`${webDist}/${file}`, config),
    ]),
  );
  const indexHtml = plain.get('app') ?? null;
  const prerendered = new Map(plain);
  const shells: ShellPage[] = [];
  const firstViews = new Map<FirstViewVariant, string>();
  if (webDist !== null) {
    app.addHook('onListen', async () => {
      void prerenderPages(app, webDist, config, prerendered, shells, firstViews);
    });
  }
  if (indexHtml !== null) {
    await app.register(async (web) => {
      declareAccessForContext(web, 'public');
      // preCompressed: the build writes .br/.gz beside each file (apps/web/vite.config.ts). Hashed assets never change.
      await web.register(fastifyStatic, {
        root: webDist!,
        wildcard: false,
        index: false,
        maxAge: '1h',
        preCompressed: true,
        setHeaders: (reply, path) => {
          if (path.includes('/assets/')) reply.header('cache-control', 'public, max-age=31536000, immutable');
        },
      });
    });
  }
  app.setNotFoundHandler(async (request, reply) => {
    const isApi = API_PREFIXES.some((p) => request.url.startsWith(p));
    if (indexHtml !== null && request.method === 'GET' && !isApi) {
      const path = request.url.split('?')[0].replace(/\/+$/, '');
      const name = PAGE_OF_ROUTE.get(path) ?? 'app';
      if (PLAIN_VISIT.test(request.url)) return sendPage(request, reply, plain.get(name) ?? indexHtml, path);
      const personal = await firstViewPage(request, firstViews, firstView);
      if (personal) return sendPage(request, reply, personal, path);
      return sendPage(
        request,
        reply,
        (name === 'app' ? shellFor(shells, path) : undefined) ?? prerendered.get(name) ?? indexHtml,
        path,
      );
    }
    return reply.status(404).send({
      type: ERROR_TYPES.notFound,
      message: 'Not found',
      detail: `${request.method} ${request.url.split('?')[0]}`,
    });
  });
}
