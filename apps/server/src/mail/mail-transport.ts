import { mkdir, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import type { Transporter } from 'nodemailer';

export interface OutgoingMail {
  id: number;
  from: string;
  to: string;
  subject: string;
  text: string;
  html: string | null;
}

/** Where mail goes: SMTP (SMTP_URL) or, without it, one .eml file per message under `${DATA_DIR}/mail/`. */
export interface MailTransport {
  kind: 'smtp' | 'eml';
  send(mail: OutgoingMail): Promise<void>;
  close(): void;
}

export interface MailTransportOptions {
  smtpUrl?: string;
  dataDir: string;
}

const message = (mail: OutgoingMail) => ({
  from: mail.from,
  to: mail.to,
  subject: mail.subject,
  text: mail.text,
  ...(mail.html ? { html: mail.html } : {}),
  headers: { 'X-OpenRescue-Outbox-Id': String(mail.id) },
});

/** nodemailer (about 40 modules) loads with the first message, not when the server starts. */
type CreateTransport = typeof import('nodemailer').createTransport;
let library: Promise<CreateTransport> | undefined;
const loadNodemailer = () => (library ??= import('nodemailer').then((m) => m.createTransport));

/** A transporter made on first use; `close` closes it if it was made. */
function lazyTransporter(make: (createTransport: CreateTransport) => Transporter) {
  let made: Promise<Transporter> | undefined;
  return {
    get: () => (made ??= loadNodemailer().then(make)),
    close: () => void made?.then((t) => t.close(), () => {}),
  };
}

export function createMailTransport(options: MailTransportOptions): MailTransport {
  const { smtpUrl } = options;
  if (smtpUrl) {
    const smtp = lazyTransporter((createTransport) => createTransport(smtpUrl));
    return {
      kind: 'smtp',
      async send(mail) {
        await (await smtp.get()).sendMail(message(mail));
      },
      close: smtp.close,
    };
  }
  const folder = join(resolve(options.dataDir), 'mail');
  // The real RFC 822 message, built by the same library that would send it.
  const builder = lazyTransporter((createTransport) => createTransport({ streamTransport: true, buffer: true, newline: 'unix' }));
  return {
    kind: 'eml',
    async send(mail) {
      const info = await (await builder.get()).sendMail(message(mail));
      await mkdir(folder, { recursive: true });
      const stamp = new Date().toISOString().replace(/[:.]/g, '-');
      await writeFile(join(folder, `${stamp}-${mail.id}.eml`), info.message as Buffer);
    },
    close: builder.close,
  };
}
