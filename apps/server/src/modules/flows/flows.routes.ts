import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.js';

/** The data flows and the debug log (spec 2.13, 7.5; DESIGN "Flows"). Routes land with issue 7. */
export async function flowsRoutes(_app: FastifyInstance, _options: { ctx: AppContext }) {}
