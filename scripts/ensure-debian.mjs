// Installs the Debian packages the tests need and cannot download otherwise (as root; otherwise names them).
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';

/** `needs`: a file each package provides -> the packages to install when it is missing. */
export function ensureDebianPackages(needs) {
  const missing = Object.entries(needs)
    .filter(([file]) => !existsSync(file))
    .flatMap(([, packages]) => packages);
  if (missing.length === 0) return;
  if (process.getuid?.() !== 0) throw new Error(`Missing ${missing.join(', ')}: install these Debian packages.`);
  console.log(`Installing ${missing.join(', ')} (Debian packages)...`);
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  execFileSync('apt-get', ['update', '-qq'], { stdio: 'inherit', env });
  execFileSync('apt-get', ['install', '-y', '-qq', ...missing], { stdio: 'inherit', env });
}

/**
 * The independent readers the server's document tests open files with: poppler renders and reads PDFs (pdftoppm,
 * pdftotext, pdffonts), zbar decodes the posters' QR codes (zbarimg), Java's ZipInputStream and Info-ZIP
 * (zipinfo, unzip) read the download-all zip, openpyxl (with Debian's own python3) reads the spreadsheets.
 */
export function ensureDocumentReaders() {
  ensureDebianPackages({
    '/usr/bin/pdftoppm': ['poppler-utils'],
    '/usr/bin/zbarimg': ['zbar-tools'],
    '/usr/bin/javac': ['openjdk-17-jdk-headless'],
    '/usr/bin/zipinfo': ['unzip'],
    '/usr/lib/python3/dist-packages/openpyxl/__init__.py': ['python3-openpyxl'],
  });
}
