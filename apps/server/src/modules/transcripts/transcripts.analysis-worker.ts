import { parentPort } from 'node:worker_threads';
import type { IngestTranscript } from '@openrescue/shared';
import { analysisColumns } from './transcripts.ingest.js';

/** The analysis thread (transcripts.analysis-thread.ts): a transcript in, its columns out; wink-nlp off the HTTP thread. */
interface AnalysisMessage {
  id: number;
  transcript: IngestTranscript;
  organizations: string[];
}

const port = parentPort!;

port.on('message', (msg: AnalysisMessage) => {
  try {
    port.postMessage({ id: msg.id, result: analysisColumns(msg.transcript, msg.organizations) });
  } catch (error) {
    port.postMessage({ id: msg.id, error: error instanceof Error ? error.message : String(error) });
  }
});
port.postMessage({ ready: true });
