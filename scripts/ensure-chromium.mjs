// Browser tests use Debian's Chromium (test tools cannot download browsers here) and render downloaded PDFs with
// pdftoppm (poppler-utils); the cluster test puts nginx in front of the server. Installs whichever is missing.
import { ensureDebianPackages } from './ensure-debian.mjs';

export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

export function ensureChromium() {
  ensureDebianPackages({ [CHROMIUM]: ['chromium', 'fonts-dejavu-core'], '/usr/bin/pdftoppm': ['poppler-utils'] });
  return CHROMIUM;
}

export function ensureNginx() {
  ensureDebianPackages({ '/usr/sbin/nginx': ['nginx-light'] });
}
