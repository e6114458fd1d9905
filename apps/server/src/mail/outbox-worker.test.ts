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
import { waitUntil } from './smtp-test-server.test-helper.js';

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
    const contact = await t.database.db.selectFrom('receiver_contact').select(['receiver_id', 'email'])
      .orderBy('id').executeTakeFirstOrThrow();
    const res = await t.app.inject({
      method: 'POST', url: '/core-api/api/reports/charity_poster_contacts/',
      headers: { authorization: `Bearer ${staff}` }, payload: { with_receiver_id: contact.receiver_id, month: '2026-01' },
    });
    expect(res.statusCode).toBe(200);
    const { mailers } = res.json().result;
    expect(mailers).toBeGreaterThan(0);
    const folder = join(dataDir, 'mail');
    const files = () => { try { return readdirSync(folder).filter((f) => f.endsWith('.eml')); } catch { return []; } };
    await waitUntil(() => files().length === mailers, 15_000, '.eml files');
    const link = await publicReportLink(t.ctx, 'receiver', contact.receiver_id);
    const parsed = await Promise.all(files().map((f) => PostalMime.parse(readFileSync(join(folder, f)))));
    expect(parsed.map((p) => p.to?.[0]?.address)).toContain(contact.email);
    for (const mail of parsed) {
      expect(mail.subject).toMatch(/^Your January 2026 food rescue report from /);
      expect(mail.text).toContain(link);
    }
    await waitUntil(async () => {
      const rows = await t.database.db.selectFrom('mail_outbox').select('status').execute();
      return rows.every((r) => r.status === 'sent');
    }, 5000, 'sent marks');
    expect(mailOutboxOf(t.ctx)).toBeDefined();
  });

  it('an empty POST body sends nothing: 400, nothing queued (issue 32: it used to mail every contact)', async () => {
    const queued = () => t.database.db.selectFrom('mail_outbox').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
    const before = Number((await queued()).n);
    const res = await t.app.inject({
      method: 'POST', url: '/core-api/api/reports/charity_poster_contacts/', headers: { authorization: `Bearer ${staff}` },
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
      productName: 'OpenRescue', firstName: 'Ann', organizationName: 'Soup & <Bread>\r\nBcc: x@y', month: '2026-02',
      reportUrl: 'https://x.test/r?a=1&tk=t',
    });
    expect(m.subject).toBe('Your February 2026 food rescue report from Soup & <Bread> Bcc: x@y');
    expect(m.html).toContain('Soup &amp; &lt;Bread&gt;');
    expect(m.html).toContain('href="https://x.test/r?a=1&amp;tk=t"');
    expect(m.text).toContain('https://x.test/r?a=1&tk=t');
    expect(monthLabel('2026-12')).toBe('December 2026');
    expect(previousMonth(new Date(Date.UTC(2026, 0, 15)))).toBe('2025-12');
  });
});
