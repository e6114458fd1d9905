// Browser tests use Debian's Chromium (test tools cannot download browsers here). The journeys run in its headless
// shell, the build Playwright itself runs headless tests in: the same Blink and V8 without the desktop browser's
// window and tab UI, ~20% less CPU over the journeys (decision 0079). The benches drive the full browser (Lighthouse).
// With them come the Noto fonts that draw the demo's names in Chinese, Japanese, Korean, Gurmukhi, Devanagari and
// Arabic (the journeys check no character shows as a box), poppler and openpyxl to read downloaded PDFs and
// spreadsheets, and nginx for the cluster test. Installs whichever is missing.
import { ensureDebianPackages } from './ensure-debian.mjs';

export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
/** The browser of the journeys: `npm test` passes it to e2e/playwright.config.ts as CHROMIUM_PATH. */
export const HEADLESS_SHELL = '/usr/bin/chromium-headless-shell';

/** Installs what is missing and answers the browser to run: `shell` for the journeys, else the full Chromium. */
export function ensureChromium({ shell = false } = {}) {
  ensureDebianPackages({
    [CHROMIUM]: ['chromium', 'fonts-dejavu-core'],
    ...(shell ? { [HEADLESS_SHELL]: ['chromium-headless-shell'] } : {}),
    '/usr/share/fonts/truetype/noto/NotoSansGurmukhi-Regular.ttf': ['fonts-noto-core'],
    '/usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc': ['fonts-noto-cjk'],
    '/usr/bin/pdftoppm': ['poppler-utils'],
    '/usr/lib/python3/dist-packages/openpyxl/__init__.py': ['python3-openpyxl'],
  });
  return shell ? HEADLESS_SHELL : CHROMIUM;
}

export function ensureNginx() {
  ensureDebianPackages({ '/usr/sbin/nginx': ['nginx-light'] });
}
