// Starts the browser tests' app servers, one per lane (E2E_LANES: JSON [{ port, origin }]), side by side, and answers
// 200 on READY_PORT once every one answers its /health. Playwright starts its web servers one after another: three
// servers, each initialising an empty data folder, took ~17 s in a row and ~9 s side by side on 2 cores.
import { spawn } from 'node:child_process';
import { createServer } from 'node:http';
import { fileURLToPath } from 'node:url';

const lanes = JSON.parse(process.env.E2E_LANES ?? '[]');
const script = fileURLToPath(new URL('./start-app.mjs', import.meta.url));
let stopping = false;
const children = lanes.map(({ port, origin }) => {
  const child = spawn(process.execPath, [script], {
    stdio: 'inherit',
    env: { ...process.env, PORT: String(port), PUBLIC_URL: origin },
  });
  child.exited = new Promise((resolve) => child.on('exit', resolve));
  // One server gone is every lane's failure: stop the others and say so.
  child.on('exit', (code) => stop(code || 1));
  return child;
});

/** Stops every server and exits once they have. */
async function stop(code = 0) {
  if (stopping) return;
  stopping = true;
  for (const child of children) if (child.exitCode === null) child.kill('SIGTERM');
  await Promise.all(children.map((child) => child.exited));
  process.exit(code);
}
process.on('SIGTERM', () => stop());
process.on('SIGINT', () => stop());

const healthy = async (origin) => {
  try {
    return (await fetch(`${origin}/health`)).ok;
  } catch {
    return false;
  }
};
while (!(await Promise.all(lanes.map((lane) => healthy(lane.origin)))).every(Boolean)) {
  await new Promise((resolve) => setTimeout(resolve, 200));
}
createServer((_req, res) => res.end('ready')).listen(Number(process.env.READY_PORT), '127.0.0.1');
