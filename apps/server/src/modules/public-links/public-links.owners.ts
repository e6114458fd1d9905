import type { FastifyRequest } from 'fastify';
import type { AppContext } from '../../context.js';
import { notFound } from '../../lib/http-error.js';
import { assertReceiverVisible, assertStoreVisible, resolveViewer } from '../reports/reports.policy.js';
import type { LinkKind } from './public-links.service.js';

/**
 * Who owns a public link in the client app (issue 37 section 3, decision 0069): the people who may create, copy and
 * rotate it, and the store's poster link, without staff.
 * - a store's links: company users who reach all stores of the store's company (roles 1 and 3), and staff;
 * - a receiver's link: the charity users of that receiver (decision 0066: a user's receivers, each of its sites), and
 *   staff;
 * - anyone else signed in (a store user, a company user without all-store access, another company's user, a charity
 *   user asking about a receiver it is not linked to, or about any store) gets 404, exactly like a store or receiver
 *   that does not exist; a read-only link is refused (403) by resolveViewer, as on
 *   every client route it may not use; a pending or set-up user gets resolveViewer's 403.
 */
export async function assertLinkOwner(
  ctx: AppContext,
  request: FastifyRequest,
  kind: LinkKind,
  id: number,
): Promise<void> {
  const rv = await resolveViewer(ctx, request);
  if (rv.scope.kind === 'all') return; // staff: the services answer 404 for an id that does not exist
  if (kind === 'store' && rv.scope.kind === 'company') {
    await assertStoreVisible(ctx, rv, id);
    return;
  }
  if (kind === 'receiver' && rv.charity) {
    await assertReceiverVisible(ctx, rv, id);
    return;
  }
  throw notFound(`No ${kind} with id ${id}.`);
}
