// Starts the real product for the browser tests on a fresh data folder (one per port) with a small demo network.
import { spawn } from 'node:child_process';
import { rmSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { buildServer } from '../../apps/server/scripts/build.mjs';
import { SERVER_ENV, SERVER_NODE_ARGS } from '../../apps/server/scripts/node-args.mjs';

const root = fileURLToPath(new URL('../..', import.meta.url));
const dataDir = `${root}.test-tmp/e2e-data-${process.env.PORT}`;
rmSync(dataDir, { recursive: true, force: true });
// The built server, as `npm start` runs it (`npm test` has built it already: OPENRESCUE_BUILT=1).
if (!process.env.OPENRESCUE_BUILT) await buildServer();
const child = spawn(process.execPath, [...SERVER_NODE_ARGS, 'apps/server/dist/main.js'], {
  cwd: root,
  stdio: 'inherit',
  env: {
    ...SERVER_ENV,
    DEMO_DONATIONS: '6000',
    LOG_LEVEL: 'warn',
    ...process.env,
    DATA_DIR: dataDir,
    NODE_ENV: 'test',
  },
});
const stop = () => child.kill('SIGTERM');
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
child.on('exit', (code) => process.exit(code ?? 0));
