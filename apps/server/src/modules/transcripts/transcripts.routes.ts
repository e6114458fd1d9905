import {
  audioStoredSchema, ERROR_TYPES, errorBodySchema, INTEGRATION_KEYS_PATH, ingestBodySchema, ingestResultSchema,
  integrationKeyCreatedSchema, integrationKeyCreateSchema, integrationKeyIdParamsSchema, integrationKeyListSchema,
  integrationKeySchema, TRANSCRIPT_LIMITS, transcriptDetailSchema, transcriptIdParamsSchema, transcriptListSchema,
  TRANSCRIPTS_PATH, transcriptsQuerySchema,
} from '@openrescue/shared';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context.js';
import { errorResponses, errorResponsesWithNotFound, HttpError, notFound } from '../../lib/http-error.js';
import { nextPageUrl } from '../reports/paging.js';
import { createAnalysisThread } from './transcripts.analysis-thread.js';
import { requireAudio, sendAudio } from './transcripts.audio.js';
import { DEMO_AUDIO_PREFIX, ensureDemoAudio, storeMissingDemoAudio } from './transcripts.demo-audio.js';
import { listTranscripts, transcriptDetail } from './transcripts.repository.js';
import { createAnalysisHandler } from './transcripts.jobs.js';
import {
  createKey, ingestCall, linkUnlinked, listKeys, requireIntegrationKey, requireOwnCall, revokeKey,
} from './transcripts.service.js';

const tags = ['transcripts'];
const BASE = `/core-api/api/${TRANSCRIPTS_PATH}`;
const KEYS = `/core-api/api/${INTEGRATION_KEYS_PATH}`;
const audioUrl = (id: number) => `${BASE}/${id}/audio`;

/**
 * Call transcripts (spec 2.12, 7.5; decision 0013). Staff: the list, one transcript, its recording (range requests)
 * and the integration keys. Integrations (a key): POST a call (JSON, or a telephony callback form) and its recording.
 */
export async function transcriptsRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const db = ctx.database.db;
  const keyOf = new WeakMap<FastifyRequest, number>();
  // Checked before the body is read: a wrong key costs no parsing and stores nothing.
  const integrationKey = async (request: FastifyRequest) => {
    keyOf.set(request, await requireIntegrationKey(db, request));
  };
  // A declared length over the limit is refused before a byte of the body is read (fastify's own limit catches the
  // rest, with the same status).
  const ingestMB = TRANSCRIPT_LIMITS.bodyBytes / 1024 / 1024;
  const boundedBody = async (request: FastifyRequest) => {
    if (Number(request.headers['content-length'] ?? 0) > TRANSCRIPT_LIMITS.bodyBytes) {
      throw new HttpError(413, ERROR_TYPES.validation, 'The call is too large.', `an ingest body is at most ${ingestMB} MB`);
    }
  };

  // Analysis (wink-nlp) runs as a job on a thread of its own, never in the request (issue 32, decision 0039).
  const analysis = createAnalysisThread({ inline: ctx.env.RENDER_WORKERS === 0, log: app.log });
  ctx.jobRunner.register(createAnalysisHandler({ db, events: ctx.jobEvents, analyse: (t, names) => analysis.analyse(t, names) }));
  app.addHook('onClose', async () => analysis.close());

  // Telephony callbacks are form posts of the call's parameters: they become { call: { ... } }.
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_request, body, done) => {
    done(null, { call: Object.fromEntries(new URLSearchParams(String(body))) });
  });
  for (const type of [/^audio\/[\w.+-]+$/, 'application/octet-stream']) {
    app.addContentTypeParser(type, { parseAs: 'buffer', bodyLimit: TRANSCRIPT_LIMITS.audioBytes }, (_request, body, done) => done(null, body));
  }

  ctx.jobRunner.afterStart('demo recordings', async (stopping) => {
    const linked = await linkUnlinked(db);
    const stored = await storeMissingDemoAudio(db, ctx.files, stopping);
    if (linked || stored) app.log.info({ linked, stored }, 'linked calls and stored the demo recordings');
  });

  r.get(BASE, {
    config: { access: 'staff' },
    schema: {
      tags,
      description: "Recorded calls, newest first. search: caller name, a number (any format) or the gist; tw_call_length__gte: seconds; sentiment_score: neutral (score >= 0) or negative (< 0).",
      querystring: transcriptsQuerySchema,
      response: { 200: transcriptListSchema, ...errorResponses },
    },
    handler: async (request) => {
      const q = request.query;
      const { count, rows } = await listTranscripts(db, q);
      return { count, next: nextPageUrl(request.url, q.page, q.page_size, count), results: rows };
    },
  });

  r.get(`${BASE}/:id`, {
    config: { access: 'staff' },
    schema: {
      tags,
      description: 'One call: telephony fields, the analysis (spec 3 "Transcript"), its store and receiver, and where its recording streams from.',
      params: transcriptIdParamsSchema,
      response: { 200: transcriptDetailSchema, ...errorResponsesWithNotFound },
    },
    handler: async (request) => {
      const detail = await transcriptDetail(db, request.params.id, audioUrl);
      if (!detail) throw notFound('No such transcript.');
      return detail;
    },
  });

  r.get(`${BASE}/:id/audio`, {
    config: { access: 'staff' },
    schema: {
      tags,
      description: 'The recording. Range requests (one bytes= range) answer 206 with Content-Range; a range outside the file answers 416.',
      params: transcriptIdParamsSchema,
      response: { 416: errorBodySchema, ...errorResponsesWithNotFound },
    },
    handler: async (request, reply) => {
      const row = await db.selectFrom('transcript').select(['id', 'audio_uri', 'audio_content_type'])
        .where('id', '=', request.params.id).executeTakeFirst();
      if (!row?.audio_uri) throw notFound('This call has no recording.');
      if (row.audio_uri.startsWith(DEMO_AUDIO_PREFIX)) await ensureDemoAudio(db, ctx.files, Number(row.id), row.audio_uri);
      return sendAudio(request, reply, ctx.files, row.audio_uri, row.audio_content_type ?? 'audio/wav');
    },
  });

  r.post(BASE, {
    config: { access: 'integration' },
    onRequest: [integrationKey, boundedBody],
    bodyLimit: TRANSCRIPT_LIMITS.bodyBytes,
    schema: {
      tags,
      description:
        'Ingest a call (Authorization: Bearer <integration key>): { call, transcript? }. call takes tw_* fields or the ' +
        'telephony callback names (CallSid, From, To, Direction, CallDuration, CallStatus, CallerName, RecordingSid); a ' +
        'form-encoded callback is accepted as the call. transcript is the speech-analysis provider\'s transcript object; ' +
        'what it lacks (sentiment, entities, key phrases, categories) is computed here, by a job: the answer is 202 with ' +
        'the call\'s id and analysis_status \'pending\' (GET the call for its analysis). Without a transcript: 201 (a new ' +
        'call) or 200. The same call id updates the call if this key created it; another key\'s call answers 409 and ' +
        `stays as it was. At most ${ingestMB} MB (413).`,
      body: ingestBodySchema,
      response: { 200: ingestResultSchema, 201: ingestResultSchema, 202: ingestResultSchema, 409: errorBodySchema, 413: errorBodySchema, ...errorResponses },
    },
    handler: async (request, reply) => {
      const result = await ingestCall(db, request.body, keyOf.get(request)!, (id) => `${BASE}/${id}/audio`, () => ctx.jobRunner.wake());
      return reply.code(result.analysis_status === 'pending' ? 202 : result.created ? 201 : 200).send(result);
    },
  });

  r.put(`${BASE}/:id/audio`, {
    config: { access: 'integration' },
    onRequest: integrationKey,
    bodyLimit: TRANSCRIPT_LIMITS.audioBytes,
    schema: {
      tags,
      description: `The call's recording as the body (WAV, MP3, OGG, FLAC, M4A or WebM, recognised by its first bytes; at most ${TRANSCRIPT_LIMITS.audioBytes / 1024 / 1024} MB). Only the key that created the call may store it (another key: 409, nothing stored).`,
      params: transcriptIdParamsSchema,
      response: { 200: audioStoredSchema, 409: errorBodySchema, 413: errorBodySchema, 415: errorBodySchema, ...errorResponsesWithNotFound },
    },
    handler: async (request) => {
      const { data, kind } = requireAudio(request.body);
      const id = request.params.id;
      const row = await db.selectFrom('transcript').select(['id', 'created_by_key_id', 'tw_call_sid']).where('id', '=', id).executeTakeFirst();
      if (!row) throw notFound('No such transcript.');
      requireOwnCall(row, keyOf.get(request)!);
      const key = `transcripts/${id}/recording.${kind.ext}`;
      const size = await ctx.files.write(key, data);
      await db.updateTable('transcript')
        .set({ audio_uri: key, audio_content_type: kind.contentType, audio_byte_size: size, updated_at: new Date().toISOString() })
        .where('id', '=', id).execute();
      return { id, content_type: kind.contentType, byte_size: size };
    },
  });

  r.get(KEYS, {
    config: { access: 'staff' },
    schema: { tags, description: 'Integration keys (never the keys themselves).', response: { 200: integrationKeyListSchema, ...errorResponses } },
    handler: async () => ({ results: await listKeys(db) }),
  });

  r.post(KEYS, {
    config: { access: 'staff' },
    schema: {
      tags,
      description: 'Creates an integration key for the ingest API. The key is in this answer only; the server keeps its hash.',
      body: integrationKeyCreateSchema,
      response: { 201: integrationKeyCreatedSchema, 409: errorBodySchema, ...errorResponses },
    },
    handler: async (request, reply) => reply.code(201).send(await createKey(db, request.body.name)),
  });

  r.delete(`${KEYS}/:id`, {
    config: { access: 'staff' },
    schema: {
      tags,
      description: 'Revokes an integration key: it stops working at once (the row stays, with revoked_at).',
      params: integrationKeyIdParamsSchema,
      response: { 200: integrationKeySchema, ...errorResponsesWithNotFound },
    },
    handler: async (request) => {
      const key = await revokeKey(db, request.params.id);
      if (!key) throw notFound('No such integration key.');
      return key;
    },
  });
}
