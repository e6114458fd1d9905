import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.js';

/** Placeholder: routes land in step 3. */
export async function mailingRoutes(_app: FastifyInstance, _opts: { ctx: AppContext }) {}
