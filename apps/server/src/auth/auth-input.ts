import { AUTH_BODY_MAX_DEPTH, AUTH_TEXT_LIMITS } from '@openrescue/shared';
import type { FastifyRequest } from 'fastify';
import { badRequest } from '../lib/http-error.js';

/** Fields whose bound is not the general one. */
const FIELD_LIMITS: Record<string, number> = {
  email: AUTH_TEXT_LIMITS.email,
  newEmail: AUTH_TEXT_LIMITS.email,
  password: AUTH_TEXT_LIMITS.password,
  newPassword: AUTH_TEXT_LIMITS.password,
  currentPassword: AUTH_TEXT_LIMITS.password,
  name: AUTH_TEXT_LIMITS.name,
  image: AUTH_TEXT_LIMITS.url,
  callbackURL: AUTH_TEXT_LIMITS.url,
  errorCallbackURL: AUTH_TEXT_LIMITS.url,
  newUserCallbackURL: AUTH_TEXT_LIMITS.url,
  redirectTo: AUTH_TEXT_LIMITS.url,
};

interface Visit {
  value: unknown;
  key: string;
  depth: number;
}

/**
 * What is wrong with an auth request body, or null: nested deeper than AUTH_BODY_MAX_DEPTH (the library's bodies are
 * flat; a body nested 5,000 deep reached its recursion as a 500), a key or text longer than its bound (a 3 KB
 * "email" became a rate-limit key, a 1.6 MB name a 2.1 MB access token). Walked without recursion.
 */
export function authBodyProblem(body: unknown): string | null {
  const stack: Visit[] = [{ value: body, key: 'body', depth: 0 }];
  while (stack.length) {
    const { value, key, depth } = stack.pop()!;
    if (typeof value === 'string') {
      const max = FIELD_LIMITS[key] ?? AUTH_TEXT_LIMITS.text;
      if (value.length > max) return `${key} may have at most ${max} characters`;
    } else if (value !== null && typeof value === 'object') {
      if (depth >= AUTH_BODY_MAX_DEPTH) return `the body may nest at most ${AUTH_BODY_MAX_DEPTH} levels deep`;
      const entries = Object.entries(value);
      if (entries.length > 50) return `${key} may have at most 50 entries`;
      for (const [k, item] of entries) {
        if (k.length > 100) return 'a key may have at most 100 characters';
        stack.push({ value: item, key: Array.isArray(value) ? key : k, depth: depth + 1 });
      }
    }
  }
  return null;
}

/** preValidation of every auth route: bad bodies are a 400 before they are counted, hashed or handed to the library. */
export async function refuseUnboundedAuthBody(request: FastifyRequest) {
  const problem = authBodyProblem(request.body);
  if (problem) throw badRequest('The request is not a valid sign-in or account request.', problem);
}
