import { request as httpRequest } from 'node:http';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { logLines } from '../test-support/log-lines.js';
import { registerErrorHandler } from './error-handler.js';

const prematureClose = () => Object.assign(new Error('Premature close'), { code: 'ERR_STREAM_PREMATURE_CLOSE' });

describe('a client that leaves before its answer', () => {
  const logs = logLines();
  let app: FastifyInstance;
  let base: string;
  beforeAll(async () => {
    app = Fastify({ logger: { level: 'info', stream: logs.stream } });
    registerErrorHandler(app);
    // The stream behind an answer cut short once the client's connection is gone, as a compressed download is.
    app.get('/leaves', async (request) => {
      await new Promise((resolve) => request.raw.socket.once('close', resolve));
      throw prematureClose();
    });
    // The same error while the client is still there: a fault of ours.
    app.get('/stays', async () => {
      throw prematureClose();
    });
    base = await app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(async () => app.close());

  it('is logged as information, not as an error of the server', async () => {
    await new Promise<void>((resolve) => {
      const req = httpRequest(`${base}/leaves`);
      req.on('error', () => resolve());
      req.end();
      setTimeout(() => req.destroy(), 50);
    });
    await expect.poll(() => logs.lines.filter((l) => l.includes('client closed the connection')).length).toBe(1);
    expect(logs.lines.filter((l) => l.includes('"level":50'))).toEqual([]);
  });

  it('is still an error while the client waits for its answer', async () => {
    const res = await fetch(`${base}/stays`);
    expect(res.status).toBe(500);
    expect(logs.lines.filter((l) => l.includes('"level":50') && l.includes('unhandled error'))).toHaveLength(1);
  });
});
