import { parentPort } from 'node:worker_threads';
import { runRenderTask, transferList, type RenderInputs, type RenderKind } from './render-tasks.js';

/** A render worker thread (render-pool.ts): one report (or poster) in, its documents out, CPU work off the HTTP thread. */
interface RenderMessage {
  id: number;
  kind: RenderKind;
  input: RenderInputs[RenderKind];
  productName: string;
  date: string;
}

const port = parentPort!;

port.on('message', async (msg: RenderMessage) => {
  try {
    const result = await runRenderTask(msg.kind, msg.input, { productName: msg.productName, date: new Date(msg.date) });
    port.postMessage({ id: msg.id, result }, transferList(result));
  } catch (error) {
    port.postMessage({ id: msg.id, error: error instanceof Error ? error.message : String(error) });
  }
});
port.postMessage({ ready: true });
