import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import PostalMime from 'postal-mime';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { prepareDemo } from '../demo-setup.js';
import { mailOutboxOf, outboxWorkerDefaults } from '../modules/mailing/mailing.outbox.js';
import { publicReportLink } from '../modules/public-links/public-links.service.js';
import { buildTestApp, signInDemoAccounts, type TestApp } from '../test-support/test-app.js';
import { charityReportMessage, monthLabel, previousMonth } from './charity-report-message.js';
import { MAX_ATTEMPTS, retryDelaySeconds } from './outbox-worker.js';
import { waitUntil } from '../test-support/smtp-server.js';

let t: TestApp;
let staff: string;
let dataDir: string;

beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'or-mail-'));
  outboxWorkerDefaults.pollMs = 100;
  t = await buildTestApp({ DATA_DIR: dataDir });
  await prepareDemo(t.ctx, 300, () => {});
  staff = (await signInDemoAccounts(t.app)).staff;
});
afterAll(async () => {
  await t?.close();
  outboxWorkerDefaults.pollMs = 5000;
  rmSync(dataDir, { recursive: true, force: true });
});

describe('mail outbox without SMTP_URL', () => {
  it('writes each message as an .eml file under DATA_DIR/mail', async () => {
    const contact = await t.database.db
      .selectFrom('receiver_contact')
      .select(['receiver_id', 'email'])
      .orderBy('id')
      .executeTakeFirstOrThrow();
    const res = await t.app.inject({
      method: 'POST',
      url: '/core-api/api/reports/charity_poster_contacts/',
      headers: { authorization: `Bearer ${staff}` },
      payload: { with_receiver_id: contact.receiver_id, month: '2026-01' },
    });
    expect(res.statusCode).toBe(200);
    const { mailers } = res.json().result;
    expect(mailers).toBeGreaterThan(0);
    const folder = join(dataDir, 'mail');
    const files = () => {
      try {
        return readdirSync(folder).filter((f) => f.endsWith('.eml'));
      } catch {
        return [];
      }
    };
    await waitUntil(() => files().length === mailers, 15_000, '.eml files');
    const link = await publicReportLink(t.ctx, 'receiver', contact.receiver_id);
    const raw = files().map((f) => readFileSync(join(folder, f)));
    const parsed = await Promise.all(raw.map((bytes) => PostalMime.parse(bytes)));
    expect(parsed.map((p) => p.to?.[0]?.address)).toContain(contact.email);
    for (const [i, mail] of parsed.entries()) {
      // RFC 5322: every line ends in CRLF, headers and body alike.
      expect(raw[i].toString('latin1')).not.toMatch(/(^|[^\r])\n/);
      expect(raw[i].toString('latin1')).toMatch(/\r\n\r\n/);
      expect(mail.subject).toMatch(/^Your January 2026 food rescue report from /);
      // The link opens the month the mail announces (issue 34).
      expect(mail.text).toContain(`${link}&month=2026-01-01`);
      const header = (key: string) => mail.headers.find((h) => h.key === key)?.value;
      expect(header('auto-submitted')).toBe('auto-generated');
      expect(header('list-unsubscribe')).toMatch(
        /^<http:\/\/localhost:8080\/core-api\/api\/mail\/unsubscribe\?t=\d+\.[\w-]{22}>$/,
      );
      expect(header('list-unsubscribe-post')).toBe('List-Unsubscribe=One-Click');
    }
    await waitUntil(
      async () => {
        const rows = await t.database.db.selectFrom('mail_outbox').select('status').execute();
        return rows.every((r) => r.status === 'sent');
      },
      5000,
      'sent marks',
    );
    expect(mailOutboxOf(t.ctx)).toBeDefined();
  });

  it('an empty POST body sends nothing: 400, nothing queued (issue 32: it used to mail every contact)', async () => {
    const queued = () =>
      t.database.db
        .selectFrom('mail_outbox')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow();
    const before = Number((await queued()).n);
    const res = await t.app.inject({
      method: 'POST',
      url: '/core-api/api/reports/charity_poster_contacts/',
      headers: { authorization: `Bearer ${staff}` },
    });
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().type).toBe('validation_error');
    expect(Number((await queued()).n)).toBe(before);
  });
});

describe('mail helpers', () => {
  it('backs off 30 s, 2 min, 10 min … and gives up after 8 attempts', () => {
    expect([1, 2, 3].map(retryDelaySeconds)).toEqual([30, 120, 600]);
    expect(retryDelaySeconds(7)).toBeGreaterThan(retryDelaySeconds(6));
    expect(MAX_ATTEMPTS).toBe(8);
  });

  it('builds the message with escaped HTML and a one-line subject', () => {
    const m = charityReportMessage({
      productName: 'OpenRescue',
      firstName: 'Ann',
      organizationName: 'Soup & <Bread>\r\nBcc: x@y',
      month: '2026-02',
      reportUrl: 'https://x.test/r?a=1&tk=t',
      unsubscribeUrl: 'https://x.test/public/unsubscribe?t=1.x',
    });
    expect(m.subject).toBe('Your February 2026 food rescue report from Soup & <Bread> Bcc: x@y');
    expect(m.html).toContain('Soup &amp; &lt;Bread&gt;');
    expect(m.html).toContain('href="https://x.test/r?a=1&amp;tk=t"');
    expect(m.text).toContain('https://x.test/r?a=1&tk=t');
    expect(m.text).toContain('To stop these mails: https://x.test/public/unsubscribe?t=1.x');
    expect(m.html).toContain('href="https://x.test/public/unsubscribe?t=1.x"');
    expect(monthLabel('2026-12')).toBe('December 2026');
    expect(previousMonth(new Date(Date.UTC(2026, 0, 15)))).toBe('2025-12');
  });
});
