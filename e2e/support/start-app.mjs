// Starts the real product for the browser tests on a fresh data folder with a small demo network.
import { spawn } from 'node:child_process';
import { rmSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('../..', import.meta.url));
const dataDir = `${root}.test-tmp/e2e-data`;
rmSync(dataDir, { recursive: true, force: true });
const child = spawn('npx', ['tsx', 'apps/server/src/main.ts'], {
  cwd: root,
  stdio: 'inherit',
  env: { DEMO_DONATIONS: '6000', LOG_LEVEL: 'warn', ...process.env, DATA_DIR: dataDir, NODE_ENV: 'test' },
});
const stop = () => child.kill('SIGTERM');
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
child.on('exit', (code) => process.exit(code ?? 0));
