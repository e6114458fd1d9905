// Browser tests use Debian's Chromium (test tools cannot download browsers here), with the Noto fonts that draw the
// demo's names in Chinese, Japanese, Korean, Gurmukhi, Devanagari and Arabic (the journeys check no character shows as
// a box); they read downloaded PDFs with poppler and spreadsheets with openpyxl. The cluster test puts nginx in front
// of the server. Installs whichever is missing.
import { ensureDebianPackages } from './ensure-debian.mjs';

export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

export function ensureChromium() {
  ensureDebianPackages({
    [CHROMIUM]: ['chromium', 'fonts-dejavu-core'],
    '/usr/share/fonts/truetype/noto/NotoSansGurmukhi-Regular.ttf': ['fonts-noto-core'],
    '/usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc': ['fonts-noto-cjk'],
    '/usr/bin/pdftoppm': ['poppler-utils'],
    '/usr/lib/python3/dist-packages/openpyxl/__init__.py': ['python3-openpyxl'],
  });
  return CHROMIUM;
}

export function ensureNginx() {
  ensureDebianPackages({ '/usr/sbin/nginx': ['nginx-light'] });
}
