import escapeHtml from 'escape-html';
import type { MessageContent } from './charity-report-message.js';

/** The invitation mail of a charity (receiver) user (issue 37 section 1, decision 0066). */
export interface InvitationMessageInput {
  productName: string;
  name: string;
  /** The receivers the account reads, by name. */
  receivers: string[];
  /** The page that sets the password: single use, expiring. */
  url: string;
  expiresAt: Date;
}

const oneLine = (s: string) => s.replace(/[\r\n\t]+/g, ' ').trim();

export function invitationMessage(input: InvitationMessageInput): MessageContent {
  const product = oneLine(input.productName);
  const names = input.receivers.map(oneLine).join(', ');
  const until = input.expiresAt.toLocaleDateString('en-US', {
    month: 'long',
    day: 'numeric',
    year: 'numeric',
    timeZone: 'UTC',
  });
  const subject = `Your ${product} account for ${names}`;
  const greeting = `Hello ${oneLine(input.name)},`;
  const text = [
    greeting,
    '',
    `You are invited to ${product}: see the food ${names} received, its impact and its monthly reports.`,
    '',
    `Set your password: ${input.url}`,
    '',
    `The link works once, until ${until}. If you did not expect this mail, ignore it.`,
    `The ${product} team`,
  ].join('\n');
  const html = [
    '<!doctype html><html><body style="font-family: sans-serif; line-height: 1.5">',
    `<p>${escapeHtml(greeting)}</p>`,
    `<p>You are invited to ${escapeHtml(product)}: see the food <strong>${escapeHtml(names)}</strong> received, its`,
    ' impact and its monthly reports.</p>',
    `<p><a href="${escapeHtml(input.url)}">Set your password</a></p>`,
    `<p>The link works once, until ${escapeHtml(until)}. If you did not expect this mail, ignore it.<br>`,
    `The ${escapeHtml(product)} team</p>`,
    '</body></html>',
  ].join('');
  return { subject, text, html };
}
