import { mkdir, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import nodemailer from 'nodemailer';

export interface OutgoingMail {
  id: number;
  /** The same for every attempt at one outbox row, so a re-send after a crash is recognisably the same message. */
  messageId: string;
  from: string;
  to: string;
  subject: string;
  text: string;
  html: string | null;
  /** The one-click unsubscribe address (RFC 8058) of a mail sent to a list's contact; null for other mail. */
  listUnsubscribe: string | null;
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

/**
 * Every mail is sent by the product, not a person (RFC 3834 Auto-Submitted: no auto-replies to it); a contact's mail
 * carries List-Unsubscribe and List-Unsubscribe-Post, so mail clients offer one-click unsubscribe (RFC 8058).
 */
const message = (mail: OutgoingMail) => ({
  from: mail.from,
  to: mail.to,
  subject: mail.subject,
  text: mail.text,
  ...(mail.html ? { html: mail.html } : {}),
  messageId: mail.messageId,
  ...(mail.listUnsubscribe ? { list: { unsubscribe: mail.listUnsubscribe } } : {}),
  headers: {
    'Auto-Submitted': 'auto-generated',
    ...(mail.listUnsubscribe ? { 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' } : {}),
    'X-OpenRescue-Outbox-Id': String(mail.id),
  },
});

export function createMailTransport(options: MailTransportOptions): MailTransport {
  if (options.smtpUrl) {
    const smtp = nodemailer.createTransport(options.smtpUrl);
    return {
      kind: 'smtp',
      async send(mail) {
        await smtp.sendMail(message(mail));
      },
      close: () => smtp.close(),
    };
  }
  const folder = join(resolve(options.dataDir), 'mail');
  // The real RFC 5322 message, built by the same library that would send it, with the CRLF line ends it requires.
  const builder = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'windows' });
  return {
    kind: 'eml',
    async send(mail) {
      const info = await builder.sendMail(message(mail));
      await mkdir(folder, { recursive: true });
      const stamp = new Date().toISOString().replace(/[:.]/g, '-');
      await writeFile(join(folder, `${stamp}-${mail.id}.eml`), info.message as Buffer);
    },
    close: () => builder.close(),
  };
}
