import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.js';

/** Placeholder: routes land in step 2. */
export async function reportsRoutes(_app: FastifyInstance, _opts: { ctx: AppContext }) {}
