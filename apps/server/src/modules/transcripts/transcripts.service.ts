import { createHash, randomBytes } from 'node:crypto';
import type { IngestBody, IngestResult, IntegrationKey } from '@openrescue/shared';
import type { FastifyRequest } from 'fastify';
import { type Kysely, sql } from 'kysely';
import type { DB } from '../../db/schema.js';
import { HttpError, unauthorized } from '../../lib/http-error.js';
import { buildAnalysis, callFields } from './transcripts.ingest.js';
import { findLinks } from './transcripts.linking.js';
import { organizationNames } from './transcripts.repository.js';

// ---- integration keys: shown once, only their SHA-256 is stored (they carry 256 random bits) ----
export const hashKey = (key: string) => createHash('sha256').update(key, 'utf8').digest('hex');
const iso = (v: Date | string | null) => (v === null ? null : (v instanceof Date ? v : new Date(v)).toISOString());

type KeyRow = { id: number; name: string; scope: string; created_at: Date | string; last_used_at: Date | string | null; revoked_at: Date | string | null };
const presentKey = (k: KeyRow): IntegrationKey => ({
  id: k.id, name: k.name, scope: k.scope, created_at: iso(k.created_at)!, last_used_at: iso(k.last_used_at), revoked_at: iso(k.revoked_at),
});
const KEY_COLUMNS = ['id', 'name', 'scope', 'created_at', 'last_used_at', 'revoked_at'] as const;

export async function listKeys(db: Kysely<DB>) {
  const rows = await db.selectFrom('integration_key').select([...KEY_COLUMNS]).orderBy('id').execute();
  return rows.map(presentKey);
}

export async function createKey(db: Kysely<DB>, name: string) {
  const key = `ork_${randomBytes(32).toString('base64url')}`;
  const row = await db.insertInto('integration_key').values({ name, key_hash: hashKey(key) })
    .onConflict((oc) => oc.column('name').doNothing())
    .returning([...KEY_COLUMNS]).executeTakeFirst();
  if (!row) throw new HttpError(409, 'conflict', 'A key with this name exists.', `choose another name than "${name}"`);
  return { ...presentKey(row), key };
}

export async function revokeKey(db: Kysely<DB>, id: number) {
  const row = await db.updateTable('integration_key').set({ revoked_at: sql`coalesce(revoked_at, now())` })
    .where('id', '=', id).returning([...KEY_COLUMNS]).executeTakeFirst();
  return row ? presentKey(row) : null;
}

/** `Authorization: Bearer <key>`, or Basic with the key as password (telephony callbacks carry user:password). */
function presentedKey(request: FastifyRequest): string | null {
  const header = request.headers.authorization ?? '';
  const bearer = /^Bearer\s+(\S+)\s*$/i.exec(header);
  if (bearer) return bearer[1];
  const basic = /^Basic\s+(\S+)\s*$/i.exec(header);
  if (basic) {
    const decoded = Buffer.from(basic[1], 'base64').toString('utf8');
    return decoded.slice(decoded.indexOf(':') + 1) || null;
  }
  return null;
}

/** The integration key of the request (not revoked), or a 401. */
export async function requireIntegrationKey(db: Kysely<DB>, request: FastifyRequest): Promise<number> {
  const key = presentedKey(request);
  if (!key) throw unauthorized('An integration key is required.', 'send Authorization: Bearer <integration key>');
  const row = await db.updateTable('integration_key').set({ last_used_at: sql`now()` })
    .where('key_hash', '=', hashKey(key)).where('revoked_at', 'is', null).where('scope', '=', 'transcripts')
    .returning('id').executeTakeFirst();
  if (!row) throw unauthorized('The integration key is not valid.', 'invalid or revoked integration key');
  return row.id;
}

// ---- ingest ----
/** Creates the call, or updates the one with the same call id (callbacks and the transcript arrive separately). */
export async function ingestCall(db: Kysely<DB>, body: IngestBody, keyId: number, uploadUrl: (id: number) => string): Promise<IngestResult> {
  const call = callFields(body.call);
  const analysisText = body.transcript ? (body.transcript.text ?? body.transcript.utterances?.map((u) => u.text).join(' ') ?? '') : '';
  const names = analysisText ? await organizationNames(db, analysisText) : [];
  const analysis = body.transcript ? buildAnalysis(body.transcript, names) : null;

  return db.transaction().execute(async (trx) => {
    const existing = await trx.selectFrom('transcript').selectAll().where('tw_call_sid', '=', call.tw_call_sid).forUpdate().executeTakeFirst();
    // A recording callback carries RecordingDuration but no CallDuration: it gives the length when none is known.
    if (call.tw_call_length === undefined && body.call.RecordingDuration !== undefined && existing?.tw_call_length == null) {
      call.tw_call_length = Number(body.call.RecordingDuration);
    }
    const merged = { ...(existing ?? {}), ...call };
    const text = analysis?.stored.text ?? (existing?.transcript_from_aai as { text?: string } | null)?.text ?? '';
    const links = await findLinks(trx, {
      numbers: [merged.tw_from_number ?? null, merged.tw_to_number ?? null], callerName: merged.tw_caller_name ?? null, text,
    });
    const values = {
      ...call,
      ...(analysis ? {
        aai_transcript_id: analysis.transcriptId, aai_headline: analysis.headline, aai_summary: analysis.summary,
        aai_gist: analysis.gist, sentiment_score: analysis.score, sentiment_data: analysis.sentiment ? JSON.stringify(analysis.sentiment) : null,
        transcript_from_aai: JSON.stringify(analysis.stored), analysis_source: analysis.local.length ? 'local' as const : 'aai' as const,
        analysis_local: analysis.local,
      } : {}),
      store_id: links.store?.id ?? null, store_match: links.store?.match ?? null,
      receiver_id: links.receiver?.id ?? null, receiver_match: links.receiver?.match ?? null,
      linked_at: new Date().toISOString(), integration_key_id: keyId, updated_at: new Date().toISOString(),
    };
    if (analysis?.transcriptId) {
      const clash = await trx.selectFrom('transcript').select('id').where('aai_transcript_id', '=', analysis.transcriptId)
        .where('tw_call_sid', '<>', call.tw_call_sid).executeTakeFirst();
      if (clash) throw new HttpError(409, 'conflict', 'This transcript belongs to another call.', `transcript.id ${analysis.transcriptId} is stored for call ${clash.id}`);
    }
    const row = existing
      ? await trx.updateTable('transcript').set(values as never).where('id', '=', existing.id).returning(['id', 'analysis_source', 'analysis_local']).executeTakeFirstOrThrow()
      : await trx.insertInto('transcript').values(values as never).returning(['id', 'analysis_source', 'analysis_local']).executeTakeFirstOrThrow();
    const id = Number(row.id);
    return {
      id, created: !existing, analysis_source: analysis || existing?.transcript_from_aai ? row.analysis_source : null,
      analysis_local: (row.analysis_local ?? []) as IngestResult['analysis_local'],
      store_id: links.store?.id ?? null, receiver_id: links.receiver?.id ?? null, audio_upload_url: uploadUrl(id),
    };
  });
}

/** Links for rows that have none yet (demo rows written before migration 011); at start, in the background. */
export async function linkUnlinked(db: Kysely<DB>): Promise<number> {
  const rows = await db.selectFrom('transcript')
    .select(['id', 'tw_from_number', 'tw_to_number', 'tw_caller_name', sql<string | null>`transcript_from_aai ->> 'text'`.as('text')])
    .where('linked_at', 'is', null).orderBy('id').limit(2000).execute();
  for (const r of rows) {
    const links = await findLinks(db, { numbers: [r.tw_from_number, r.tw_to_number], callerName: r.tw_caller_name, text: r.text ?? '' });
    await db.updateTable('transcript').set({
      store_id: links.store?.id ?? null, store_match: links.store?.match ?? null,
      receiver_id: links.receiver?.id ?? null, receiver_match: links.receiver?.match ?? null, linked_at: new Date().toISOString(),
    }).where('id', '=', r.id).execute();
  }
  return rows.length;
}
