import { ERROR_TYPES, errorBodySchema, type ErrorBody } from '@openrescue/shared';

/** An error that is the caller's to see: its body goes on the wire as { type, message, detail }. */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    readonly type: string,
    message: string,
    readonly detail = '',
  ) {
    super(message);
  }

  body(): ErrorBody {
    return { type: this.type, message: this.message, detail: this.detail };
  }
}

export const badRequest = (message: string, detail = '') => new HttpError(400, ERROR_TYPES.validation, message, detail);
// Another tenant's object answers exactly like a missing one.
export const notFound = (what = 'Not found') => new HttpError(404, ERROR_TYPES.notFound, what, '');
export const unauthorized = (message: string, detail = '') =>
  new HttpError(401, ERROR_TYPES.unauthorized, message, detail);
export const forbidden = (message = 'You do not have access to this.', detail = '') =>
  new HttpError(403, ERROR_TYPES.forbidden, message, detail);

/** Response schemas of the errors a client route can answer with (validation, serialisation and OpenAPI). */
export const errorResponses = { 400: errorBodySchema, 401: errorBodySchema, 403: errorBodySchema } as const;
/** The same, for routes about one object that may be missing (or another tenant's, which answers alike). */
export const errorResponsesWithNotFound = { ...errorResponses, 404: errorBodySchema } as const;
