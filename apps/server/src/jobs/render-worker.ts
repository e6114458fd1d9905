import { parentPort } from 'node:worker_threads';
import { renderPublishedDocuments, type RenderedDocument } from '../documents/publish-render.js';
import type { ReportDocument } from '../documents/report-document.js';

/** A render worker thread (render-pool.ts): one report in, its xlsx and pdf out, CPU work off the HTTP thread. */
interface RenderMessage {
  id: number;
  report: ReportDocument;
  productName: string;
  date: string;
}

const port = parentPort!;
// A copy owns its memory, so it can be transferred (Node's small buffers share one pooled ArrayBuffer).
const own = (d: RenderedDocument): RenderedDocument => (d.ok ? { ok: true, data: new Uint8Array(d.data) } : d);

port.on('message', async (msg: RenderMessage) => {
  try {
    const out = await renderPublishedDocuments(msg.report, { productName: msg.productName, date: new Date(msg.date) });
    const result = { xlsx: own(out.xlsx), pdf: own(out.pdf) };
    const transfer = [result.xlsx, result.pdf].flatMap((d) => (d.ok ? [d.data.buffer as ArrayBuffer] : []));
    port.postMessage({ id: msg.id, result }, transfer);
  } catch (error) {
    port.postMessage({ id: msg.id, error: error instanceof Error ? error.message : String(error) });
  }
});
port.postMessage({ ready: true });
