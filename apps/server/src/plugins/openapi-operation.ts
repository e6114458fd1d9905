import { errorBodySchema } from '@openrescue/shared';
import type { FastifySchema, RouteOptions } from 'fastify';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import { globalRegistry, type ZodType } from 'zod';
import type { Access } from './access.js';

/** The ways to authenticate a request (plugins/access.ts), as OpenAPI security schemes. */
export function securitySchemes(sessionCookie: string) {
  return {
    bearer: {
      type: 'http',
      scheme: 'bearer',
      bearerFormat: 'JWT',
      description: 'An access token from POST /core-api/api/session/token; it lasts 15 minutes.',
    },
    readOnlyLink: {
      type: 'http',
      scheme: 'bearer',
      bearerFormat: 'ro.<scope>.<tk>',
      description: "A public report link's token: read-only, limited to that link's store or receiver.",
    },
    sessionCookie: {
      type: 'apiKey',
      in: 'cookie',
      name: sessionCookie,
      description: "The browser's httpOnly session cookie, set by sign-in.",
    },
    integrationKey: {
      type: 'http',
      scheme: 'bearer',
      description: 'An integration key made by staff (POST /core-api/api/product/calls/integration-keys).',
    },
    companyApiKey: {
      type: 'http',
      scheme: 'bearer',
      description:
        "A company API key made by a company admin (POST /core-api/api/company/api-keys): its company's figures.",
    },
  } as const;
}

// One schema of the error body, referred to by every error answer (code generators make one type of it).
if (!globalRegistry.has(errorBodySchema)) globalRegistry.add(errorBodySchema, { id: 'ErrorBody' });

type SecurityRequirement = Record<string, string[]>;

/** Who may call a route, as the credentials that may accompany it (any one of them). */
const SECURITY: Record<Access, SecurityRequirement[]> = {
  public: [],
  'signed-in': [{ bearer: [] }, { sessionCookie: [] }],
  staff: [{ bearer: [] }, { sessionCookie: [] }],
  docs: [{ bearer: [] }, { sessionCookie: [] }],
  client: [{ bearer: [] }, { readOnlyLink: [] }, { sessionCookie: [] }],
  integration: [{ integrationKey: [] }],
};

const SERVICE_PREFIX = /^\/(core-api\/api|ops-api)(?=\/)/;
const capital = (word: string) => word.charAt(0).toUpperCase() + word.slice(1);

/**
 * A route's operationId when it names none: its method and path without the service prefix, in camel case, path
 * parameters as `By<Name>` (`GET /core-api/api/reports/monthly/store/:id.xlsx` is `getReportsMonthlyStoreByIdXlsx`).
 * Unique as long as no two services serve the same path; the lint test would say otherwise.
 */
export function operationIdOf(method: string, url: string): string {
  const words = url
    .replace(SERVICE_PREFIX, '')
    .split(/[/._-]+/)
    .filter(Boolean)
    .map((part) => (part.startsWith(':') ? `By${capital(part.slice(1))}` : capital(part)));
  return method.toLowerCase() + words.join('');
}

/**
 * A route's summary when it gives none: its description's first sentence, up to the first `.`, `:` or `;` outside
 * parentheses, without the parenthesised asides.
 */
export function summaryOf(description: string | undefined): string | undefined {
  if (!description) return undefined;
  let depth = 0;
  let summary = '';
  for (let i = 0; i < description.length; i++) {
    const c = description[i];
    const next = description[i + 1];
    if (c === '(') depth += 1;
    else if (c === ')') depth = Math.max(0, depth - 1);
    else if (depth === 0 && '.:;'.includes(c) && (next === undefined || next === ' ')) break;
    summary += c;
  }
  return summary.replace(/\s*\([^()]*\)/g, '').trim() || undefined;
}

/**
 * The answers every route can give besides its own: 400 (any route refuses NUL text, plugins/nul-text.ts, and
 * validates its input), 401/403 from the access guard, 429/503 from load shedding unless the route is always
 * answered (plugins/load-shedding.ts). The error handler gives them all the error body.
 */
function commonErrors(access: Access, alwaysAnswered: boolean): number[] {
  const codes = [400];
  if (access !== 'public') codes.push(401);
  if (access === 'staff' || access === 'signed-in' || access === 'docs') codes.push(403);
  if (!alwaysAnswered) codes.push(429, 503);
  return codes;
}

declare module 'fastify' {
  interface FastifySchema {
    /**
     * For the document only: request media types whose body on the wire is not `body` (a content-type parser makes
     * `body` of it), each with its own schema.
     */
    otherBodies?: Record<string, ZodType>;
  }
}

type TransformInput = Parameters<typeof jsonSchemaTransform>[0] & { route: RouteOptions };

/** The route's request body, and its other media types, as @fastify/swagger's per-media-type body. */
function withOtherBodies(input: TransformInput, transformed: ReturnType<typeof jsonSchemaTransform>, others: object) {
  const content: Record<string, { schema: unknown }> = {};
  const body = (transformed.schema as FastifySchema).body;
  if (body) content['application/json'] = { schema: body };
  for (const [type, schema] of Object.entries(others)) {
    content[type] = {
      schema: (jsonSchemaTransform({ ...input, schema: { body: schema } }).schema as FastifySchema).body,
    };
  }
  return { ...transformed, schema: { ...transformed.schema, body: { content } } };
}

/**
 * @fastify/swagger's per-route transform: the route's zod schemas to JSON schemas (fastify-type-provider-zod), plus
 * what the document needs and the route need not spell: operationId, summary, security from its declared access,
 * the common error answers, and its path without a trailing slash (the router ignores it).
 */
export function transformOperation(input: TransformInput) {
  const schema = input.schema as FastifySchema | undefined;
  const { route } = input;
  if (!schema || schema.hide) return jsonSchemaTransform(input);
  const access: Access = route.config?.access ?? 'public';
  const alwaysAnswered = Boolean((route.config as { pressureHandler?: unknown } | undefined)?.pressureHandler);
  const response: Record<string | number, unknown> = { ...(schema.response as object | undefined) };
  for (const code of commonErrors(access, alwaysAnswered)) response[code] ??= errorBodySchema;
  // A route that only redirects has no 2xx: its `default` says what else comes back (an error).
  const codes = Object.keys(response);
  if (codes.some((c) => c.startsWith('3')) && !codes.some((c) => c.startsWith('2')))
    response.default ??= errorBodySchema;
  const method = Array.isArray(route.method) ? route.method[0] : route.method;
  const url = input.url.length > 1 ? input.url.replace(/\/$/, '') : input.url;
  const summary = schema.summary ?? summaryOf(schema.description);
  const { otherBodies, ...declared } = schema;
  const full: FastifySchema = {
    ...declared,
    operationId: schema.operationId ?? operationIdOf(method, url),
    ...(summary ? { summary } : {}),
    security: schema.security ?? SECURITY[access],
    response,
  };
  const transformed = jsonSchemaTransform({ ...input, schema: full, url });
  return otherBodies ? withOtherBodies(input, transformed, otherBodies) : transformed;
}
