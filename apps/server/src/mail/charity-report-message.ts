import escapeHtml from 'escape-html';
/** The charity report mail (spec 3 'Charity poster contact', 7.3 POST reports/charity_poster_contacts/). */
export interface CharityReportMessageInput {
  productName: string;
  firstName: string | null;
  organizationName: string;
  /** YYYY-MM */
  month: string;
  /** The report of that month. */
  reportUrl: string;
  /** The page where the contact stops these mails (the List-Unsubscribe header does it in one click). */
  unsubscribeUrl: string;
}

export interface MessageContent {
  subject: string;
  text: string;
  html: string;
}

/** 'October 2026' for '2026-10'. */
export function monthLabel(month: string): string {
  const [year, m] = month.split('-').map(Number);
  return new Date(Date.UTC(year, m - 1, 1)).toLocaleString('en-US', {
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  });
}

/** The month before `now`, as YYYY-MM (the reports' default period). */
export function previousMonth(now = new Date()): string {
  const d = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 1, 1));
  return `${d.getUTCFullYear()}-${String(d.getUTCMonth() + 1).padStart(2, '0')}`;
}

/** Mail subjects are one line: no control characters from names. */
const oneLine = (s: string) => s.replace(/[\r\n\t]+/g, ' ').trim();

export function charityReportMessage(input: CharityReportMessageInput): MessageContent {
  const period = monthLabel(input.month);
  const organization = oneLine(input.organizationName);
  const greeting = input.firstName?.trim() ? `Hello ${oneLine(input.firstName)},` : 'Hello,';
  const subject = `Your ${period} food rescue report from ${organization}`;
  const text = [
    greeting,
    '',
    `The ${period} food rescue report for ${organization} is ready.`,
    'It shows the food your organization rescued and its impact.',
    '',
    `View the report: ${input.reportUrl}`,
    '',
    `Thank you for rescuing food with ${input.productName}.`,
    `The ${input.productName} team`,
    '',
    `You get this mail as a contact of ${organization}. To stop these mails: ${input.unsubscribeUrl}`,
  ].join('\n');
  const html = [
    '<!doctype html><html><body style="font-family: sans-serif; line-height: 1.5">',
    `<p>${escapeHtml(greeting)}</p>`,
    `<p>The ${escapeHtml(period)} food rescue report for <strong>${escapeHtml(organization)}</strong> is ready.`,
    ' It shows the food your organization rescued and its impact.</p>',
    `<p><a href="${escapeHtml(input.reportUrl)}">View the report</a></p>`,
    `<p>Thank you for rescuing food with ${escapeHtml(input.productName)}.<br>The ${escapeHtml(input.productName)} team</p>`,
    `<p style="font-size: 12px; color: #555">You get this mail as a contact of ${escapeHtml(organization)}. `,
    `<a href="${escapeHtml(input.unsubscribeUrl)}">Stop these mails</a></p>`,
    '</body></html>',
  ].join('');
  return { subject, text, html };
}
