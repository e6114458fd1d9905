// `npm run test:at -- <instant> [stage]`, e.g. `npm run test:at -- 2026-12-01T07:30:00Z e2e`: `npm test` (or one of its
// stages) with the clock of every process it starts (the runner, the servers, PGlite, PostgreSQL, Chromium) set to
// that instant and running on from it, by libfaketime (Debian's libfaketime package). The network's days, months and
// years turn over at different instants by the runner's, the browser's and the database's time zone data (decisions
// 0081 and 0085); a test that reckons a day on the wrong side passes all day but for an hour. Not part of `npm test`:
// run it on the edges a change touches (the first hour of a month or a year in UTC-7, 07:00-08:00 UTC).
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { ensureDebianPackages } from './ensure-debian.mjs';

const LIBFAKETIME = '/usr/lib/x86_64-linux-gnu/faketime/libfaketimeMT.so.1';
const [at, ...stage] = process.argv.slice(2);
const instant = Date.parse(at ?? '');
if (!at || !/(Z|[+-]\d\d:\d\d)$/.test(at) || Number.isNaN(instant)) {
  console.error('usage: npm run test:at -- <an instant with its offset, e.g. 2026-12-01T07:30:00Z> [stage]');
  process.exit(2);
}
ensureDebianPackages({ [LIBFAKETIME]: ['libfaketime'] });
console.log(`npm test ${stage.join(' ')} with every clock starting at ${new Date(instant).toISOString()}`);
const result = spawnSync(process.execPath, ['scripts/test-all.mjs', ...stage], {
  cwd: fileURLToPath(new URL('..', import.meta.url)),
  stdio: 'inherit',
  // Seconds since the epoch (FAKETIME_FMT=%s): the same instant whatever the machine's TZ.
  env: { ...process.env, LD_PRELOAD: LIBFAKETIME, FAKETIME_FMT: '%s', FAKETIME: `@${Math.floor(instant / 1000)}` },
});
process.exit(result.status ?? 1);
