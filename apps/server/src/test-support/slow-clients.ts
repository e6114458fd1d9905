import { connect, type Socket } from 'node:net';

export interface SlowBodyStats {
  /** Connections opened over the attack (closed ones are opened again, as a persistent attacker does). */
  opened: number;
  /** Answers the server gave the slow requests, by status. */
  answers: Record<number, number>;
  /** Milliseconds from a connection's head to its answer, for each 408. */
  cutAfterMs: number[];
  /** Most slow connections open at one moment. */
  heldMax: number;
}

/**
 * Holds `count` connections that each send a POST head with `Content-Length: 100000` and then one byte every
 * `byteEveryMs`, from `localAddress` (any 127.x address reaches a loopback server as a client of its own). A
 * connection the server closes is opened again until `stop()`.
 */
export function slowBodyFlood(
  port: number,
  options: { count: number; path: string; localAddress: string; byteEveryMs: number },
) {
  const stats: SlowBodyStats = { opened: 0, answers: {}, cutAfterMs: [], heldMax: 0 };
  const open = new Set<Socket>();
  let stopped = false;

  const start = () => {
    if (stopped) return;
    const began = Date.now();
    const socket = connect({ host: '127.0.0.1', port, localAddress: options.localAddress });
    stats.opened += 1;
    open.add(socket);
    stats.heldMax = Math.max(stats.heldMax, open.size);
    let answered = false;
    let drip: NodeJS.Timeout | undefined;
    socket.setNoDelay(true);
    socket.on('connect', () => {
      socket.write(
        `POST ${options.path} HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nContent-Type: application/json\r\n` +
          `Content-Length: 100000\r\n\r\n{`,
      );
      drip = setInterval(() => socket.write(' '), options.byteEveryMs);
    });
    socket.on('data', (chunk) => {
      if (answered) return;
      answered = true;
      const status = Number(/^HTTP\/1\.1 (\d{3})/.exec(chunk.toString('latin1'))?.[1] ?? 0);
      stats.answers[status] = (stats.answers[status] ?? 0) + 1;
      if (status === 408) stats.cutAfterMs.push(Date.now() - began);
    });
    socket.on('error', () => {});
    socket.on('close', () => {
      clearInterval(drip);
      open.delete(socket);
      // Opened again a second later (a persistent attacker, but not a tight loop against a server that closes at once).
      setTimeout(start, 1000);
    });
  };

  for (let i = 0; i < options.count; i += 1) start();
  return {
    stats,
    /** Connections still open. */
    held: () => open.size,
    stop() {
      stopped = true;
      for (const socket of open) socket.destroy();
    },
  };
}
