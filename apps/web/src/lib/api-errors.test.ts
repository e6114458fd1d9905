import { ERROR_TYPES, messages } from '@openrescue/shared';
import { describe, expect, it } from 'vitest';
import { ApiRequestError, normaliseError, renameMessageField, toApiError } from './api-errors';

const PRODUCT = 'FoodLoop';

describe('normaliseError (spec section 8)', () => {
  it('reports an offline browser', () => {
    expect(normaliseError({ kind: 'offline' }, PRODUCT)).toEqual({
      type: 'offline_error',
      message: 'You seem to be offline, check your connection.',
      detail: '',
      status: null,
    });
  });

  it('reports a request that got no response as a network error naming the product', () => {
    expect(normaliseError({ kind: 'no-response', cause: new TypeError('Failed to fetch') }, PRODUCT)).toEqual({
      type: 'network_error',
      message: 'Network Error',
      detail: 'FoodLoop is not accessible at this time. Please try again later.',
      status: null,
    });
  });

  it('keeps a server error body as it is', () => {
    const body = { type: 'unauthorized', message: 'Authorization expired', detail: 'refresh the id token' };
    expect(normaliseError({ kind: 'response', status: 401, body }, PRODUCT)).toEqual({
      ...body,
      status: 401,
      data: body,
    });
  });

  it('renames a Message field to message', () => {
    const result = normaliseError(
      {
        kind: 'response',
        status: 409,
        body: { type: 'conflict', Message: 'Job already in queue: publish_all', detail: 'x' },
      },
      PRODUCT,
    );
    expect(result.message).toBe('Job already in queue: publish_all');
    expect(result.type).toBe('conflict');
    expect(result.data).toEqual({ type: 'conflict', message: 'Job already in queue: publish_all', detail: 'x' });
    expect(result.data).not.toHaveProperty('Message');
  });

  it('prefers an existing message over Message', () => {
    expect(renameMessageField({ message: 'a', Message: 'b' })).toEqual({ message: 'a' });
  });

  it('fills a missing type from the status and a missing message from the status code', () => {
    expect(
      normaliseError({ kind: 'response', status: 429, body: { message: 'Too many requests' } }, PRODUCT),
    ).toMatchObject({
      type: ERROR_TYPES.rateLimited,
      message: 'Too many requests',
      detail: '',
      status: 429,
    });
    expect(normaliseError({ kind: 'response', status: 418, body: {} }, PRODUCT)).toMatchObject({
      type: ERROR_TYPES.unknown,
      message: 'Request failed with status 418',
    });
  });

  it('treats a body that is not an object as unknown, with the not-accessible text for server faults', () => {
    expect(normaliseError({ kind: 'response', status: 502, body: '<html>Bad gateway</html>' }, PRODUCT)).toEqual({
      type: ERROR_TYPES.unknown,
      message: 'Request failed with status 502',
      detail: messages.notAccessible(PRODUCT),
      status: 502,
    });
  });

  it('uses the message of any other failure, or the not-accessible text', () => {
    expect(normaliseError({ kind: 'other', cause: new Error('Unexpected token <') }, PRODUCT)).toEqual({
      type: 'unknown_error',
      message: 'Unexpected token <',
      detail: '',
      status: null,
    });
    expect(normaliseError({ kind: 'other', cause: undefined }, PRODUCT).message).toBe(
      'FoodLoop is not accessible at this time. Please try again later.',
    );
  });
});

describe('toApiError', () => {
  it('passes ApiRequestError through and normalises anything else', () => {
    const error = new ApiRequestError({ type: 'not_found', message: 'Gone', detail: '', status: 404 });
    expect(toApiError(error, PRODUCT)).toBe(error);
    expect(toApiError({ type: 'x', message: 'y' }, PRODUCT)).toEqual({
      type: 'x',
      message: 'y',
      detail: '',
      status: null,
    });
    expect(toApiError('boom', PRODUCT)).toMatchObject({ type: 'unknown_error', message: 'boom' });
  });
});
