import { countOf } from '@openrescue/shared';

/** What the Send dialog and its toast say (issue 36): who gets mail, for which month, and how many were queued. */

/** '35 contacts get the October 2026 report by mail.' ('1 contact gets …'). */
export function recipientsText(mailers: number, monthName: string): string {
  return `${countOf(mailers, 'contact gets', 'contacts get')} the ${monthName} report by mail.`;
}

/** Listed contacts that get no mail: unsubscribed ones, and a second listing of one person for one receiver. */
export function skippedText(mailers: number, listed: number): string | null {
  const skipped = listed - mailers;
  if (skipped <= 0) return null;
  return `${countOf(skipped, 'of the', 'of the')} ${countOf(listed, 'contact', 'contacts')} listed ${
    skipped === 1 ? 'gets' : 'get'
  } none: unsubscribed, or listed twice for one receiver.`;
}

/** The 'Queued' toast: '1 mailer queued.', '35 mailers queued.' */
export const queuedText = (mailers: number) => `${countOf(mailers, 'mailer', 'mailers')} queued.`;
