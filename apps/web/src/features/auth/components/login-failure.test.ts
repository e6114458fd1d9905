import { ERROR_TYPES, messages } from '@openrescue/shared';
import { describe, expect, it } from 'vitest';
import { ApiRequestError, normaliseError } from '../../../lib/api-errors';
import { loginFailureText, serverError, TOO_MANY_AT_ONCE, TOO_MANY_ATTEMPTS, unreachable } from './login-form';

const response = (status: number, body: unknown) =>
  new ApiRequestError(normaliseError({ kind: 'response', status, body }, 'OpenRescue'));

/** Issue 32, item 8: the sign-in screen tells each cause of a failure apart. */
describe('the sign-in failure text', () => {
  it('says the credentials are wrong for a 401, and for a malformed e-mail', () => {
    expect(
      loginFailureText(
        response(401, {
          type: 'unauthorized',
          message: 'Invalid email or password',
          detail: 'INVALID_EMAIL_OR_PASSWORD',
        }),
      ),
    ).toBe(messages.loginFailedInline);
    expect(
      loginFailureText(response(400, { type: 'invalid_email', message: 'Invalid email', detail: 'INVALID_EMAIL' })),
    ).toBe(messages.loginFailedInline);
  });

  it('says there were too many attempts, or too many at once', () => {
    expect(loginFailureText(response(429, { type: 'rate_limited', message: 'x', detail: 'too many attempts' }))).toBe(
      TOO_MANY_ATTEMPTS,
    );
    expect(
      loginFailureText(response(429, { type: 'rate_limited', message: 'x', detail: 'too many concurrent requests' })),
    ).toBe(TOO_MANY_AT_ONCE);
  });

  it('names the address to use when the page was opened at another one', () => {
    const text = 'Sign-in is not accepted from this address. Open http://localhost:8080 and sign in there.';
    expect(
      loginFailureText(response(403, { type: 'invalid_origin', message: text, detail: 'http://localhost:8080' })),
    ).toBe(text);
  });

  it('says the server cannot be reached, or that it is offline', () => {
    expect(
      loginFailureText(new ApiRequestError(normaliseError({ kind: 'no-response' }, 'OpenRescue')), 'OpenRescue'),
    ).toBe(unreachable('OpenRescue'));
    expect(loginFailureText(new ApiRequestError(normaliseError({ kind: 'offline' }, 'OpenRescue')))).toBe(
      messages.offline,
    );
  });

  it('says the problem is on the server side for a 5xx', () => {
    expect(
      loginFailureText(
        response(500, {
          type: ERROR_TYPES.unknown,
          message: 'Something went wrong on our side.',
          detail: 'Reference req-1',
        }),
        'OpenRescue',
      ),
    ).toBe(serverError('OpenRescue'));
    expect(loginFailureText(response(503, 'Service Unavailable'), 'OpenRescue')).toBe(serverError('OpenRescue'));
  });

  it('all five texts differ', () => {
    expect(
      new Set([messages.loginFailedInline, TOO_MANY_ATTEMPTS, 'Open http://x', unreachable('O'), serverError('O')])
        .size,
    ).toBe(5);
  });
});
