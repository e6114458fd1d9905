// Starts a render worker thread. The renderers are TypeScript: a worker thread does not inherit the TypeScript
// loader of its process (tsx in `npm start`, vite in tests), so tsx's loader is registered in this thread first.
// Plain JavaScript so that it loads without one.
import { workerData } from 'node:worker_threads';
import { register } from 'tsx/esm/api';

register();
await import(workerData.entry);
