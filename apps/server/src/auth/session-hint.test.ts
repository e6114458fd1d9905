import { SESSION_HINT_COOKIE } from '@openrescue/shared';
import { describe, expect, it } from 'vitest';
import { sessionHintFor } from './session-hint.js';

const NAME = 'better-auth.session_token';

describe('sessionHintFor', () => {
  it('sets the hint beside a session cookie, with its attributes but readable by scripts', () => {
    expect(sessionHintFor(`${NAME}=abc.sig; Path=/; HttpOnly; SameSite=Lax; Secure`, NAME)).toBe(
      `${SESSION_HINT_COOKIE}=1; Path=/; SameSite=Lax; Secure`,
    );
  });

  it('clears the hint where the session cookie is cleared, by an empty value, Max-Age=0 or a past Expires', () => {
    const now = Date.parse('2026-11-28T12:00:00Z');
    for (const line of [
      `${NAME}=; Max-Age=0; Path=/; HttpOnly; SameSite=Lax`,
      `${NAME}=x; Max-Age=0; Path=/`,
      `${NAME}=x; Expires=Thu, 01 Jan 1970 00:00:00 GMT; Path=/`,
    ]) {
      expect(sessionHintFor(line, NAME, now)).toMatch(new RegExp(`^${SESSION_HINT_COOKIE}=;`));
    }
  });

  it('leaves other cookies alone', () => {
    expect(sessionHintFor('better-auth.session_data=abc; Path=/', NAME)).toBeNull();
    expect(sessionHintFor(`${NAME}_other=abc; Path=/`, NAME)).toBeNull();
  });
});
