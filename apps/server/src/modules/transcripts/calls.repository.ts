import { type Insertable, type Kysely, sql, type Transaction, type Updateable } from 'kysely';
import type { DB } from '../../db/schema.js';
import { ANALYSIS_JOB_KIND, analysisJobName } from './transcripts.jobs.js';
import type { Links } from './transcripts.linking.js';

// Calls as the ingest writes them (transcripts.service.ts ingestCall runs these in one transaction), their recordings
// and their links to stores and receivers.

/** The call of this call id, locked for the ingest's transaction. */
export const lockedCall = (trx: Transaction<DB>, sid: string) =>
  trx
    .selectFrom('transcript')
    .select([
      'id',
      'created_by_key_id',
      'tw_call_sid',
      'tw_call_length',
      'tw_from_number',
      'tw_to_number',
      'tw_caller_name',
      'analysis_seq',
      'store_id',
      'store_match',
      'receiver_id',
      'receiver_match',
    ])
    .where('tw_call_sid', '=', sid)
    .forUpdate()
    .executeTakeFirst();

/** Another call that holds this provider transcript id, if one does. */
export const otherCallWithTranscript = (trx: Transaction<DB>, transcriptId: string, sid: string) =>
  trx
    .selectFrom('transcript')
    .select('id')
    .where('aai_transcript_id', '=', transcriptId)
    .where('tw_call_sid', '<>', sid)
    .executeTakeFirst();

const WRITTEN = ['id', 'analysis_status', 'store_id', 'receiver_id'] as const;

export const updateCall = (trx: Transaction<DB>, id: number, values: Updateable<DB['transcript']>) =>
  trx.updateTable('transcript').set(values).where('id', '=', id).returning(WRITTEN).executeTakeFirstOrThrow();

export const insertCall = (trx: Transaction<DB>, values: Insertable<DB['transcript']>) =>
  trx.insertInto('transcript').values(values).returning(WRITTEN).executeTakeFirstOrThrow();

/** The analysis job of the call's `seq`th transcript (transcripts.jobs.ts runs it). */
export const insertAnalysisJob = (trx: Transaction<DB>, id: number, seq: number) => {
  const name = analysisJobName(id, seq);
  return trx
    .insertInto('jobs')
    .values({
      id: name,
      name,
      kind: ANALYSIS_JOB_KIND,
      total: 1,
      processed: 0,
      status: 'initialized',
      payload: JSON.stringify({ transcript_id: id, seq }),
    })
    .execute();
};

/** A call's recording columns: who may change it, and where it is stored. */
export const callOwner = (db: Kysely<DB>, id: number) =>
  db
    .selectFrom('transcript')
    .select(['id', 'created_by_key_id', 'tw_call_sid'])
    .where('id', '=', id)
    .executeTakeFirst();

export const callAudio = (db: Kysely<DB>, id: number) =>
  db.selectFrom('transcript').select(['id', 'audio_uri', 'audio_content_type']).where('id', '=', id).executeTakeFirst();

export const setCallAudio = (db: Kysely<DB>, id: number, audio: { uri: string; contentType: string; size: number }) =>
  db
    .updateTable('transcript')
    .set({
      audio_uri: audio.uri,
      audio_content_type: audio.contentType,
      audio_byte_size: audio.size,
      updated_at: new Date().toISOString(),
    })
    .where('id', '=', id)
    .execute();

/** Calls not linked yet (demo rows written before migration 011), with what links them. */
export const unlinkedCalls = (db: Kysely<DB>) =>
  db
    .selectFrom('transcript')
    .select([
      'id',
      'tw_from_number',
      'tw_to_number',
      'tw_caller_name',
      sql<string | null>`transcript_from_aai ->> 'text'`.as('text'),
    ])
    .where('linked_at', 'is', null)
    .orderBy('id')
    .limit(2000)
    .execute();

export const setCallLinks = (db: Kysely<DB>, id: number, links: Links) =>
  db
    .updateTable('transcript')
    .set({
      store_id: links.store?.id ?? null,
      store_match: links.store?.match ?? null,
      receiver_id: links.receiver?.id ?? null,
      receiver_match: links.receiver?.match ?? null,
      linked_at: new Date().toISOString(),
    })
    .where('id', '=', id)
    .execute();

/** What a demo call's recording is made from. */
export const demoCall = (db: Kysely<DB>, id: number) =>
  db
    .selectFrom('transcript')
    .select(['tw_call_sid', 'tw_call_length', 'transcript_from_aai', 'audio_uri'])
    .where('id', '=', id)
    .executeTakeFirst();

/** Up to 1,000 demo calls (recordings under `prefix`) whose recording is not stored yet. */
export const demoCallsNotStored = (db: Kysely<DB>, prefix: string) =>
  db
    .selectFrom('transcript')
    .select(['id', 'audio_uri'])
    .where('audio_uri', 'like', `${prefix}%`)
    .where('audio_byte_size', 'is', null)
    .orderBy('id')
    .limit(1000)
    .execute();

export const setDemoAudioStored = (db: Kysely<DB>, id: number, size: number) =>
  db
    .updateTable('transcript')
    .set({ audio_byte_size: size, audio_content_type: 'audio/wav' })
    .where('id', '=', id)
    .execute();
