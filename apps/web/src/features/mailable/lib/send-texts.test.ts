import { describe, expect, it } from 'vitest';
import { queuedText, recipientsText, skippedText } from './send-texts';

describe('the Send dialog and toast texts (issue 36)', () => {
  it('names how many contacts get which month, in the right number', () => {
    expect(recipientsText(35, 'October 2026')).toBe('35 contacts get the October 2026 report by mail.');
    expect(recipientsText(1, 'October 2026')).toBe('1 contact gets the October 2026 report by mail.');
    expect(recipientsText(1200, 'May 2026')).toBe('1,200 contacts get the May 2026 report by mail.');
  });

  it('says how many listed contacts get none', () => {
    expect(skippedText(37, 37)).toBeNull();
    expect(skippedText(35, 37)).toBe(
      '2 of the 37 contacts listed get none: unsubscribed, or listed twice for one receiver.',
    );
    expect(skippedText(0, 1)).toBe(
      '1 of the 1 contact listed gets none: unsubscribed, or listed twice for one receiver.',
    );
  });

  it('counts the queued mailers with the right plural', () => {
    expect(queuedText(1)).toBe('1 mailer queued.');
    expect(queuedText(0)).toBe('0 mailers queued.');
    expect(queuedText(37)).toBe('37 mailers queued.');
  });
});
