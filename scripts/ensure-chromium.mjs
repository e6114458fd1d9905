// Browser tests use Debian's Chromium (test tools cannot download browsers here) and render downloaded PDFs with
// pdftoppm (poppler-utils). Installs whichever is missing.
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';

export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const PDFTOPPM = '/usr/bin/pdftoppm';

export function ensureChromium() {
  const missing = [];
  if (!existsSync(CHROMIUM)) missing.push('chromium', 'fonts-dejavu-core');
  if (!existsSync(PDFTOPPM)) missing.push('poppler-utils');
  if (missing.length === 0) return CHROMIUM;
  if (process.getuid?.() !== 0) throw new Error(`Missing ${missing.join(', ')}: install these Debian packages.`);
  console.log(`Installing ${missing.join(', ')} (Debian packages)...`);
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  execFileSync('apt-get', ['update', '-qq'], { stdio: 'inherit', env });
  execFileSync('apt-get', ['install', '-y', '-qq', ...missing], { stdio: 'inherit', env });
  return CHROMIUM;
}
