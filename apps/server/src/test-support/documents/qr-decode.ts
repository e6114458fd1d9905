import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/**
 * The QR codes on a PDF's first page as an independent reader sees them: poppler renders the page at `dpi`
 * (pdftoppm), zbar decodes the image (zbarimg, Debian's zbar-tools; scripts/ensure-debian.mjs installs both).
 * An empty list when zbar finds no code.
 */
export function decodeQrCodes(pdf: Uint8Array, dpi: number): string[] {
  const dir = mkdtempSync(join(tmpdir(), 'or-qr-'));
  try {
    writeFileSync(join(dir, 'doc.pdf'), pdf);
    execFileSync('pdftoppm', ['-png', '-r', String(dpi), '-f', '1', '-l', '1', '-singlefile', 'doc.pdf', 'page'], {
      cwd: dir,
    });
    try {
      const out = execFileSync('zbarimg', ['--quiet', '--raw', '-Sqrcode.enable', 'page.png'], {
        cwd: dir,
        encoding: 'utf8',
        stdio: ['ignore', 'pipe', 'ignore'],
      });
      return out.split('\n').filter(Boolean);
    } catch (error) {
      // zbarimg exits 4 when the image holds no code it can read.
      if ((error as { status?: number }).status === 4) return [];
      throw error;
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
