import type { AddressInfo } from 'node:net';
import PostalMime, { type Email } from 'postal-mime';
import { SMTPServer } from 'smtp-server';

export interface ReceivedMail {
  envelopeTo: string[];
  parsed: Email;
}

export interface TestSmtpServer {
  url: string;
  received: ReceivedMail[];
  /** While true, every RCPT TO is refused with 550. */
  rejectRecipients: boolean;
  /** Each message is accepted this long after it has arrived (a slow server: a crash test's window). */
  acceptDelayMs: number;
  close(): Promise<void>;
}

/** A real SMTP server in the test process (127.0.0.1, random port, no TLS, no auth) that parses what arrives. */
export async function startTestSmtpServer(): Promise<TestSmtpServer> {
  const state: TestSmtpServer = {
    url: '',
    received: [],
    rejectRecipients: false,
    acceptDelayMs: 0,
    close: async () => {},
  };
  const server = new SMTPServer({
    secure: false,
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onRcptTo(_address, _session, callback) {
      if (state.rejectRecipients) {
        const error = Object.assign(new Error('Mailbox unavailable (test)'), { responseCode: 550 });
        callback(error);
        return;
      }
      callback();
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        PostalMime.parse(Buffer.concat(chunks))
          .then(async (parsed) => {
            if (state.acceptDelayMs) await new Promise((r) => setTimeout(r, state.acceptDelayMs));
            state.received.push({ envelopeTo: session.envelope.rcptTo.map((a) => a.address), parsed });
            callback();
          })
          .catch((error: Error) => callback(error));
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  const { port } = server.server.address() as AddressInfo;
  state.url = `smtp://127.0.0.1:${port}`;
  state.close = () => new Promise<void>((resolve) => server.close(() => resolve()));
  return state;
}

/** Polls until `check` is true (or throws after `timeoutMs`). */
export async function waitUntil(check: () => boolean | Promise<boolean>, timeoutMs = 15_000, what = 'condition') {
  const end = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > end) throw new Error(`Timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}
