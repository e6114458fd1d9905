// Starts a render worker thread. The renderers are TypeScript: outside a process already started under tsx (tests,
// benchmarks), register tsx's loader in this thread first. Plain JavaScript so that it loads without one.
import { workerData } from 'node:worker_threads';

if (!process.execArgv.some((arg) => arg.includes('tsx'))) {
  const { register } = await import('tsx/esm/api');
  register();
}
await import(workerData.entry);
