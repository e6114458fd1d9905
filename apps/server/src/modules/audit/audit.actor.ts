import type { FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.js';
import { userPrincipal } from '../../plugins/access.js';
import { type AuditActor, type AuditEntry, recordAudit } from './audit.service.js';

/** The audit actor of a request: its signed-in user (the session's, never the body's). */
export function auditActorOf(request: FastifyRequest): AuditActor {
  const user = userPrincipal(request);
  return { userId: user.userId, label: user.email || user.name || user.userId };
}

/**
 * Records an entry for a change that has no transaction of its own to share (a service that commits by itself):
 * right after it, as the request's user.
 */
export async function auditRequest(db: Kysely<DB>, request: FastifyRequest, entry: AuditEntry): Promise<void> {
  await recordAudit(db, auditActorOf(request), entry);
}

/** The end of a code or key that is itself a credential: enough to tell two apart, never enough to use. */
export const credentialEnd = (value: string) => `…${value.slice(-4)}`;
