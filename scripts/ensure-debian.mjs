// Installs the Debian packages the tests need and cannot download otherwise (as root; otherwise names them).
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';

/** `needs`: a file each package provides -> the packages to install when it is missing. */
export function ensureDebianPackages(needs) {
  const missing = Object.entries(needs).filter(([file]) => !existsSync(file)).flatMap(([, packages]) => packages);
  if (missing.length === 0) return;
  if (process.getuid?.() !== 0) throw new Error(`Missing ${missing.join(', ')}: install these Debian packages.`);
  console.log(`Installing ${missing.join(', ')} (Debian packages)...`);
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  execFileSync('apt-get', ['update', '-qq'], { stdio: 'inherit', env });
  execFileSync('apt-get', ['install', '-y', '-qq', ...missing], { stdio: 'inherit', env });
}
