import { connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../test-support/test-app.js';

// Apart from slow-bodies.test.ts, which needs the machine to itself (the api-alone project): this one only waits.
let t: TestApp;
let port: number;
beforeAll(async () => {
  t = await buildTestApp();
  port = Number(new URL(await t.app.listen({ port: 0, host: '127.0.0.1' })).port);
});
afterAll(async () => t?.close());

describe('slow request bodies (issue 32, item 1)', () => {
  it('a body sent at a phone-on-a-bad-line rate (2 KB/s over 12 s) is taken', async () => {
    const body = JSON.stringify({ email: 'nobody@example.org', password: 'x'.repeat(24_000), rememberMe: false });
    const bytes = Buffer.from(body);
    const status = await new Promise<number>((resolve, reject) => {
      const socket = connect({ host: '127.0.0.1', port, localAddress: '127.0.0.3' });
      let sent = 0;
      let drip: NodeJS.Timeout;
      socket.on('connect', () => {
        socket.write(
          `POST /core-api/api/auth/sign-in/email HTTP/1.1\r\nHost: localhost:8080\r\nOrigin: http://localhost:8080\r\n` +
            `Content-Type: application/json\r\nContent-Length: ${bytes.length}\r\nConnection: close\r\n\r\n`,
        );
        drip = setInterval(() => {
          socket.write(bytes.subarray(sent, sent + 512));
          sent += 512;
          if (sent >= bytes.length) clearInterval(drip);
        }, 250);
      });
      socket.once('data', (chunk) => resolve(Number(/^HTTP\/1\.1 (\d{3})/.exec(chunk.toString('latin1'))?.[1] ?? 0)));
      socket.on('error', reject);
      socket.on('close', () => clearInterval(drip));
    });
    // Not cut as too slow: the sign-in itself answers (the password is wrong, or too long).
    expect(status).not.toBe(408);
    expect(status).toBeGreaterThanOrEqual(400);
    expect(status).toBeLessThan(500);
  }, 30_000);
});
