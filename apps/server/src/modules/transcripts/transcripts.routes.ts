import {
  audioStoredSchema,
  ERROR_TYPES,
  errorBodySchema,
  ingestBodySchema,
  ingestCallSchema,
  ingestResultSchema,
  integrationKeyCreatedSchema,
  integrationKeyCreateSchema,
  integrationKeyIdParamsSchema,
  integrationKeyListSchema,
  integrationKeySchema,
  TRANSCRIPT_LIMITS,
  transcriptDetailSchema,
  transcriptIdParamsSchema,
  transcriptListSchema,
  pathTo,
  transcriptsPaths,
  transcriptsQuerySchema,
} from '@openrescue/shared';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context.js';
import { auditActorOf } from '../audit/audit.actor.js';
import { auditedChange } from '../audit/audit.service.js';
import { bytesSchema, fileAnswer } from '../../lib/file-answers.js';
import { errorResponses, errorResponsesWithNotFound, HttpError, notFound } from '../../lib/http-error.js';
import { nextPageUrl } from '../reports/paging.js';
import { callAudio, callOwner, setCallAudio } from './calls.repository.js';
import { requireAudio, sendAudio } from './transcripts.audio.js';
import { DEMO_AUDIO_PREFIX, ensureDemoAudio } from './transcripts.demo-audio.js';
import { listTranscripts, transcriptDetail } from './transcripts.repository.js';
import {
  createKey,
  ingestCall,
  listKeys,
  requireIntegrationKey,
  requireOwnCall,
  revokeKey,
} from './transcripts.service.js';

const tags = ['transcripts'];
const audioUrl = (id: number) => pathTo(transcriptsPaths.audio, { id });

/**
 * Call transcripts (spec 2.12, 7.5; decision 0013). Staff: the list, one transcript, its recording (range requests)
 * and the integration keys. Integrations (a key): POST a call (JSON, or a telephony callback form) and its recording.
 * The analysis thread and job, the demo recordings: transcripts.setup.ts.
 */
export async function transcriptsRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const db = ctx.database.db;
  const keyOf = new WeakMap<FastifyRequest, number>();
  // Checked before the body is read: a wrong key costs no parsing and stores nothing.
  const integrationKey = async (request: FastifyRequest) => {
    keyOf.set(request, await requireIntegrationKey(db, request.headers.authorization));
  };
  // A declared length over the limit is refused before a byte of the body is read (fastify's own limit catches the
  // rest, with the same status).
  const ingestMB = TRANSCRIPT_LIMITS.bodyBytes / 1024 / 1024;
  const boundedBody = async (request: FastifyRequest) => {
    if (Number(request.headers['content-length'] ?? 0) > TRANSCRIPT_LIMITS.bodyBytes) {
      throw new HttpError(
        413,
        ERROR_TYPES.validation,
        'The call is too large.',
        `an ingest body is at most ${ingestMB} MB`,
      );
    }
  };

  // Telephony callbacks are form posts of the call's parameters: they become { call: { ... } }.
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_request, body, done) => {
    done(null, { call: Object.fromEntries(new URLSearchParams(String(body))) });
  });
  for (const type of [/^audio\/[\w.+-]+$/, 'application/octet-stream']) {
    app.addContentTypeParser(
      type,
      { parseAs: 'buffer', bodyLimit: TRANSCRIPT_LIMITS.audioBytes },
      (_request, body, done) => done(null, body),
    );
  }

  r.get(transcriptsPaths.calls, {
    config: { access: 'staff' },
    schema: {
      tags,
      description:
        'Recorded calls, newest first. search: caller name, a number (any format) or the gist; tw_call_length__gte: seconds; sentiment_score: neutral (score >= 0) or negative (< 0).',
      querystring: transcriptsQuerySchema,
      response: { 200: transcriptListSchema, ...errorResponses },
    },
    handler: async (request) => {
      const q = request.query;
      const { count, rows } = await listTranscripts(db, q);
      return { count, next: nextPageUrl(request.url, q.page, q.page_size, count), results: rows };
    },
  });

  r.get(transcriptsPaths.call, {
    config: { access: 'staff' },
    schema: {
      tags,
      description:
        'One call: telephony fields, the analysis (spec 3 "Transcript"), its store and receiver, and where its recording streams from.',
      params: transcriptIdParamsSchema,
      response: { 200: transcriptDetailSchema, ...errorResponsesWithNotFound },
    },
    handler: async (request) => {
      const detail = await transcriptDetail(db, request.params.id, audioUrl);
      if (!detail) throw notFound('No such transcript.');
      return detail;
    },
  });

  r.get(transcriptsPaths.audio, {
    config: { access: 'staff' },
    schema: {
      tags,
      description:
        'The recording. Range requests (one bytes= range) answer 206 with Content-Range; a range outside the file answers 416.',
      params: transcriptIdParamsSchema,
      response: {
        200: fileAnswer('The whole recording.', ['audio/*']),
        206: fileAnswer('The range asked for, with Content-Range.', ['audio/*']),
        416: errorBodySchema,
        ...errorResponsesWithNotFound,
      },
    },
    handler: async (request, reply) => {
      const row = await callAudio(db, request.params.id);
      if (!row?.audio_uri) throw notFound('This call has no recording.');
      if (row.audio_uri.startsWith(DEMO_AUDIO_PREFIX))
        await ensureDemoAudio(db, ctx.files, Number(row.id), row.audio_uri);
      return sendAudio(request, reply, ctx.files, row.audio_uri, row.audio_content_type ?? 'audio/wav');
    },
  });

  r.post(transcriptsPaths.calls, {
    config: { access: 'integration' },
    onRequest: [integrationKey, boundedBody],
    bodyLimit: TRANSCRIPT_LIMITS.bodyBytes,
    schema: {
      tags,
      description:
        'Ingest a call (Authorization: Bearer <integration key>): { call, transcript? }. call takes tw_* fields or the ' +
        'telephony callback names (CallSid, From, To, Direction, CallDuration, CallStatus, CallerName, RecordingSid); a ' +
        "form-encoded callback is accepted as the call. transcript is the speech-analysis provider's transcript object; " +
        'what it lacks (sentiment, entities, key phrases, categories) is computed here, by a job: the answer is 202 with ' +
        "the call's id and analysis_status 'pending' (GET the call for its analysis). Without a transcript: 201 (a new " +
        "call) or 200. The same call id updates the call if this key created it; another key's call answers 409 and " +
        `stays as it was. At most ${ingestMB} MB (413).`,
      body: ingestBodySchema,
      // The telephony callback: the call's parameters as a form (the parser above makes { call } of it).
      otherBodies: { 'application/x-www-form-urlencoded': ingestCallSchema },
      response: {
        200: ingestResultSchema,
        201: ingestResultSchema,
        202: ingestResultSchema,
        409: errorBodySchema,
        413: errorBodySchema,
        ...errorResponses,
      },
    },
    handler: async (request, reply) => {
      const result = await ingestCall(db, request.body, keyOf.get(request)!, audioUrl, () => ctx.jobRunner.wake());
      return reply.code(result.analysis_status === 'pending' ? 202 : result.created ? 201 : 200).send(result);
    },
  });

  r.put(transcriptsPaths.audio, {
    config: { access: 'integration' },
    onRequest: integrationKey,
    bodyLimit: TRANSCRIPT_LIMITS.audioBytes,
    schema: {
      tags,
      description: `The call's recording as the body (WAV, MP3, OGG, FLAC, M4A or WebM, recognised by its first bytes; at most ${TRANSCRIPT_LIMITS.audioBytes / 1024 / 1024} MB). Only the key that created the call may store it (another key: 409, nothing stored).`,
      params: transcriptIdParamsSchema,
      consumes: ['audio/*', 'application/octet-stream'],
      body: bytesSchema,
      response: {
        200: audioStoredSchema,
        409: errorBodySchema,
        413: errorBodySchema,
        415: errorBodySchema,
        ...errorResponsesWithNotFound,
      },
    },
    handler: async (request) => {
      const { data, kind } = requireAudio(request.body);
      const id = request.params.id;
      const row = await callOwner(db, id);
      if (!row) throw notFound('No such transcript.');
      requireOwnCall(row, keyOf.get(request)!);
      const key = `transcripts/${id}/recording.${kind.ext}`;
      const size = await ctx.files.write(key, data);
      await setCallAudio(db, id, { uri: key, contentType: kind.contentType, size });
      return { id, content_type: kind.contentType, byte_size: size };
    },
  });

  r.get(transcriptsPaths.keys, {
    config: { access: 'staff' },
    schema: {
      tags,
      description: 'Integration keys (never the keys themselves).',
      response: { 200: integrationKeyListSchema, ...errorResponses },
    },
    handler: async () => ({ results: await listKeys(db) }),
  });

  r.post(transcriptsPaths.keys, {
    config: { access: 'staff' },
    schema: {
      tags,
      description:
        'Creates an integration key for the ingest API. The key is in this answer only; the server keeps its hash.',
      body: integrationKeyCreateSchema,
      response: { 201: integrationKeyCreatedSchema, 409: errorBodySchema, ...errorResponses },
    },
    handler: async (request, reply) => {
      const key = await auditedChange(
        db,
        auditActorOf(request),
        (trx) => createKey(trx, request.body.name),
        ({ key: _secret, ...shown }) => ({
          action: 'integration_key.create',
          objectType: 'integration_key',
          objectId: shown.id,
          after: shown,
        }),
      );
      return reply.code(201).send(key);
    },
  });

  r.delete(transcriptsPaths.key, {
    config: { access: 'staff' },
    schema: {
      tags,
      description: 'Revokes an integration key: it stops working at once (the row stays, with revoked_at).',
      params: integrationKeyIdParamsSchema,
      response: { 200: integrationKeySchema, ...errorResponsesWithNotFound },
    },
    handler: async (request) => {
      const key = await auditedChange(
        db,
        auditActorOf(request),
        (trx) => revokeKey(trx, request.params.id),
        (revoked) =>
          revoked && {
            action: 'integration_key.revoke',
            objectType: 'integration_key',
            objectId: revoked.id,
            after: { name: revoked.name, revoked_at: revoked.revoked_at },
          },
      );
      if (!key) throw notFound('No such integration key.');
      return key;
    },
  });
}
