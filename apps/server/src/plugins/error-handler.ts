import { ERROR_TYPES } from '@openrescue/shared';
import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { HttpError } from '../lib/http-error.js';

function describeValidation(error: FastifyError): string {
  if (hasZodFastifySchemaValidationErrors(error)) {
    return error.validation
      .map((v) => {
        const path = String(v.instancePath ?? '').replace(/^\//, '').replace(/\//g, '.');
        const where = `${error.validationContext ?? 'request'}${path ? `.${path}` : ''}`;
        return `${where}: ${v.message}`;
      })
      .join('; ');
  }
  return error.message;
}

/** Every error leaves as { type, message, detail }; nothing the caller sends can make a 500 by its shape. */
export function registerErrorHandler(app: FastifyInstance) {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof HttpError) {
      return reply.status(error.statusCode).send(error.body());
    }
    if (hasZodFastifySchemaValidationErrors(error) || error.validation) {
      return reply
        .status(400)
        .send({ type: ERROR_TYPES.validation, message: 'The request is not valid.', detail: describeValidation(error) });
    }
    const status = error.statusCode ?? 500;
    if (status === 429) {
      return reply.status(429).send({
        type: ERROR_TYPES.rateLimited,
        message: 'Too many attempts. Try again in a minute.',
        detail: error.message,
      });
    }
    if (status >= 400 && status < 500) {
      // Framework-level client errors: bad JSON, body too large, unsupported media type.
      return reply.status(status).send({ type: ERROR_TYPES.validation, message: error.message, detail: error.code ?? '' });
    }
    request.log.error({ err: error }, 'unhandled error');
    return reply.status(500).send({
      type: ERROR_TYPES.unknown,
      message: 'Something went wrong on our side.',
      detail: `Reference ${request.id}`,
    });
  });
}
