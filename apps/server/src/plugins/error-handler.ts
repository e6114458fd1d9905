import { ERROR_TYPES } from '@openrescue/shared';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { HttpError } from '../lib/http-error.js';
import { BUSY_RETRY_AFTER_SECONDS } from './load-shedding.js';

/** Seconds a client is asked to wait when the database is out of reach (a restart takes a few seconds). */
export const DATABASE_RETRY_AFTER_SECONDS = 5;

// PostgreSQL: admin/crash shutdown, cannot connect now, connection exceptions, too many connections.
const UNAVAILABLE_SQLSTATES = new Set([
  '57P01',
  '57P02',
  '57P03',
  '08000',
  '08001',
  '08003',
  '08004',
  '08006',
  '53300',
]);
const UNAVAILABLE_ERRNOS = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'ENOTFOUND', 'EAI_AGAIN']);
const UNAVAILABLE_MESSAGES =
  /Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error|the database system is (starting up|shutting down|in recovery mode)/i;

/** The database could not be reached (not: a query it refused). */
export function isDatabaseUnavailable(error: unknown): boolean {
  for (
    let e = error as { code?: unknown; message?: unknown; cause?: unknown } | undefined, depth = 0;
    e && depth < 4;
    e = e.cause as typeof e, depth += 1
  ) {
    const code = typeof e.code === 'string' ? e.code : '';
    if (UNAVAILABLE_SQLSTATES.has(code) || UNAVAILABLE_ERRNOS.has(code)) return true;
    if (typeof e.message === 'string' && UNAVAILABLE_MESSAGES.test(e.message)) return true;
  }
  return false;
}

function describeValidation(error: FastifyError): string {
  if (hasZodFastifySchemaValidationErrors(error)) {
    return error.validation
      .map((v) => {
        const path = String(v.instancePath ?? '')
          .replace(/^\//, '')
          .replace(/\//g, '.');
        const where = `${error.validationContext ?? 'request'}${path ? `.${path}` : ''}`;
        return `${where}: ${v.message}`;
      })
      .join('; ');
  }
  return error.message;
}

/**
 * A page a browser opens (not a script's request): it wants HTML, and it is not one of the API's paths.
 */
function isPageNavigation(request: FastifyRequest): boolean {
  const accept = String(request.headers.accept ?? '');
  return (
    (request.method === 'GET' || request.method === 'HEAD') &&
    accept.includes('text/html') &&
    !/^\/(core-api|ops-api)\//.test(request.url)
  );
}

/**
 * A busy or briefly unavailable server answers a page a person opened with a page that says so and opens it again by
 * itself after Retry-After (a GET, so safe to repeat), instead of the error's JSON.
 */
function unavailablePage(reply: FastifyReply, seconds: number, message: string) {
  const html =
    '<!doctype html><html lang="en"><head><meta charset="utf-8">' +
    `<meta http-equiv="refresh" content="${seconds}"><meta name="viewport" content="width=device-width">` +
    '<title>OpenRescue</title></head><body style="font-family:system-ui,sans-serif;margin:3rem auto;max-width:32rem;' +
    `padding:0 1rem"><p role="alert">${message}</p><p>This page opens again by itself in ${seconds} seconds.</p>` +
    '</body></html>';
  return reply.status(503).header('retry-after', String(seconds)).type('text/html; charset=utf-8').send(html);
}

/** A stream cut short because the client's connection is gone (a page left mid-download), not a server fault. */
function clientLeft(request: FastifyRequest, error: FastifyError): boolean {
  return error.code === 'ERR_STREAM_PREMATURE_CLOSE' && (request.raw.destroyed || request.raw.socket?.destroyed);
}

/** Every error leaves as { type, message, detail }; nothing the caller sends can make a 500 by its shape. */
export function registerErrorHandler(app: FastifyInstance) {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof HttpError) {
      return reply.status(error.statusCode).send(error.body());
    }
    if (hasZodFastifySchemaValidationErrors(error) || error.validation) {
      return reply.status(400).send({
        type: ERROR_TYPES.validation,
        message: 'The request is not valid.',
        detail: describeValidation(error),
      });
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
      return reply
        .status(status)
        .send({ type: ERROR_TYPES.validation, message: error.message, detail: error.code ?? '' });
    }
    if (status === 503) {
      // Load shedding (plugins/load-shedding.ts) set the status and its Retry-After.
      const message = 'The service is busy. Try again in a few seconds.';
      if (isPageNavigation(request)) return unavailablePage(reply, BUSY_RETRY_AFTER_SECONDS, message);
      return reply.status(503).send({
        type: ERROR_TYPES.unavailable,
        message,
        detail: 'server busy',
      });
    }
    if (isDatabaseUnavailable(error)) {
      request.log.warn({ err: error }, 'database unavailable');
      const message = 'The service is briefly unavailable. Try again in a few seconds.';
      if (isPageNavigation(request)) return unavailablePage(reply, DATABASE_RETRY_AFTER_SECONDS, message);
      return reply.status(503).header('retry-after', String(DATABASE_RETRY_AFTER_SECONDS)).send({
        type: ERROR_TYPES.unavailable,
        message,
        detail: 'database unavailable',
      });
    }
    if (clientLeft(request, error)) {
      // Nothing to answer and nothing wrong on our side: the browser navigated away or the phone lost its network.
      request.log.info({ code: error.code }, 'client closed the connection before the answer was sent');
      return reply;
    }
    request.log.error({ err: error }, 'unhandled error');
    return reply.status(500).send({
      type: ERROR_TYPES.unknown,
      message: 'Something went wrong on our side.',
      detail: `Reference ${request.id}`,
    });
  });
}
