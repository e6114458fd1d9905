import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.js';

/** Call transcripts (spec 2.12, 7.5): list, detail, audio, ingest, integration keys. Routes land with issue 7. */
export async function transcriptsRoutes(_app: FastifyInstance, _options: { ctx: AppContext }) {}
