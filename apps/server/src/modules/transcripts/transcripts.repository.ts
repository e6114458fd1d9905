import {
  type AnalysisPart,
  type IngestTranscript,
  type SentimentData,
  type StoredAnalysis,
  storedAnalysisSchema,
  type TranscriptDetail,
  type TranscriptRow,
  type TranscriptsQuery,
} from '@openrescue/shared';
import { type Kysely, sql } from 'kysely';
import type { DB } from '../../db/schema.js';
import { orderBySql } from '../../lib/ordering.js';
import { buildAnalysis } from './transcripts.ingest.js';

/** Rows written before migration 011 hold the provider's own shape: it is normalised when read. */
function storedAnalysis(value: unknown): StoredAnalysis | null {
  if (!value) return null;
  const parsed = storedAnalysisSchema.safeParse(value);
  if (parsed.success) return parsed.data;
  try {
    return buildAnalysis(value as IngestTranscript).stored;
  } catch {
    return null;
  }
}

const iso = (v: Date | string) => (v instanceof Date ? v : new Date(v)).toISOString();
const ROW_COLUMNS = [
  't.id',
  't.created_at',
  't.tw_caller_name',
  't.tw_to_number',
  't.tw_from_number',
  't.tw_call_direction',
  't.tw_call_length',
  't.aai_headline',
  't.aai_gist',
  't.sentiment_score',
] as const;

type RowSource = {
  id: number | string;
  created_at: Date | string;
  tw_caller_name: string | null;
  tw_to_number: string | null;
  tw_from_number: string | null;
  tw_call_direction: TranscriptRow['tw_call_direction'];
  tw_call_length: number | null;
  aai_headline: string | null;
  aai_gist: string | null;
  sentiment_score: number | null;
};
const presentRow = (r: RowSource): TranscriptRow => ({
  id: Number(r.id),
  created_at: iso(r.created_at),
  tw_caller_name: r.tw_caller_name,
  tw_to_number: r.tw_to_number,
  tw_from_number: r.tw_from_number,
  tw_call_direction: r.tw_call_direction,
  tw_call_length: r.tw_call_length,
  aai_headline: r.aai_headline,
  aai_gist: r.aai_gist,
  sentiment_score: r.sentiment_score,
});

/** The list (spec 7.5): newest first; search in caller name, numbers (any format) and gist. */
export async function listTranscripts(db: Kysely<DB>, q: TranscriptsQuery) {
  let query = db.selectFrom('transcript as t');
  if (q.search) {
    const like = `%${q.search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    const digits = q.search.replace(/\D/g, '');
    query = query.where((eb) =>
      eb.or([
        eb('t.tw_caller_name', 'ilike', like),
        eb('t.aai_gist', 'ilike', like),
        eb('t.tw_to_number', 'ilike', like),
        eb('t.tw_from_number', 'ilike', like),
        ...(digits.length >= 3
          ? [
              eb(
                sql<string>`regexp_replace(coalesce(t.tw_to_number, '') || ' ' || coalesce(t.tw_from_number, ''), '[^0-9 ]', '', 'g')`,
                'like',
                `%${digits}%`,
              ),
            ]
          : []),
      ]),
    );
  }
  if (q.tw_call_length__gte !== undefined) query = query.where('t.tw_call_length', '>=', q.tw_call_length__gte);
  if (q.sentiment_score === 'neutral') query = query.where('t.sentiment_score', '>=', 0);
  if (q.sentiment_score === 'negative') query = query.where('t.sentiment_score', '<', 0);
  const [{ count }] = await query.select((eb) => eb.fn.countAll<string>().as('count')).execute();
  const rows = await query
    .select([...ROW_COLUMNS])
    .orderBy(
      // Newest first unless `ordering` says otherwise (decision 0065).
      orderBySql(
        q.ordering,
        [{ key: 'created_at', desc: true }],
        {
          created_at: { sql: sql.ref('t.created_at') },
          tw_caller_name: { sql: sql.ref('t.tw_caller_name'), text: true },
          tw_call_length: { sql: sql.ref('t.tw_call_length') },
          sentiment_score: { sql: sql.ref('t.sentiment_score') },
          id: { sql: sql.ref('t.id') },
        },
        [sql.ref('t.id')],
      ),
    )
    .limit(q.page_size)
    .offset((q.page - 1) * q.page_size)
    .execute();
  return { count: Number(count), rows: rows.map(presentRow) };
}

export async function transcriptDetail(
  db: Kysely<DB>,
  id: number,
  audioUrl: (id: number) => string,
): Promise<TranscriptDetail | null> {
  const r = await db
    .selectFrom('transcript as t')
    .leftJoin('store as s', 's.id', 't.store_id')
    .leftJoin('receiver as rc', 'rc.id', 't.receiver_id')
    .leftJoin('integration_key as k', 'k.id', 't.created_by_key_id')
    .select([
      ...ROW_COLUMNS,
      't.tw_call_sid',
      't.tw_call_status',
      't.aai_summary',
      't.sentiment_data',
      't.transcript_from_aai',
      't.analysis_source',
      't.analysis_local',
      't.store_id',
      't.store_match',
      't.receiver_id',
      't.receiver_match',
      't.audio_uri',
      't.audio_content_type',
      't.audio_byte_size',
      's.name as store_name',
      'rc.name as receiver_name',
      't.analysis_status',
      'k.id as key_id',
      'k.name as key_name',
    ])
    .where('t.id', '=', id)
    .executeTakeFirst();
  if (!r) return null;
  return {
    ...presentRow(r),
    tw_call_sid: r.tw_call_sid,
    tw_call_status: r.tw_call_status,
    aai_summary: r.aai_summary,
    sentiment_data: (r.sentiment_data as SentimentData | null) ?? null,
    transcript_from_aai: storedAnalysis(r.transcript_from_aai),
    analysis_source: r.analysis_source,
    analysis_local: (r.analysis_local ?? []) as AnalysisPart[],
    // Rows the demo generator writes carry their analysis but no status.
    analysis_status: r.analysis_status ?? (r.transcript_from_aai ? 'done' : null),
    created_by_key: r.key_id !== null && r.key_name !== null ? { id: Number(r.key_id), name: r.key_name } : null,
    store: r.store_id && r.store_match ? { id: r.store_id, name: r.store_name ?? '', match: r.store_match } : null,
    receiver:
      r.receiver_id && r.receiver_match
        ? { id: r.receiver_id, name: r.receiver_name ?? '', match: r.receiver_match }
        : null,
    audio: r.audio_uri
      ? { url: audioUrl(Number(r.id)), content_type: r.audio_content_type ?? 'audio/wav', byte_size: r.audio_byte_size }
      : null,
  };
}

/** Store and receiver names (for entity recognition in local analysis). Bounded: names of up to 5,000 of each. */
export async function organizationNames(db: Kysely<DB>, text: string): Promise<string[]> {
  const lower = text.toLowerCase();
  const { rows } = await sql<{ name: string }>`
    (select name from store where strpos(${lower}, lower(name)) > 0 limit 5000)
    union
    (select name from receiver where strpos(${lower}, lower(name)) > 0 limit 5000)`.execute(db);
  return rows.map((r) => r.name);
}

/** The network organizations with a phone number that stand for a store or a receiver (links by phone). */
export const linkedOrganizationPhones = (db: Kysely<DB>) =>
  db
    .selectFrom('network_organization')
    .select(['store_id', 'receiver_id', 'phone'])
    .where('phone', 'is not', null)
    .where((eb) => eb.or([eb('store_id', 'is not', null), eb('receiver_id', 'is not', null)]))
    .orderBy('id')
    .execute();

/**
 * Stores or receivers whose name could match a call: it starts with the caller name's first word (`cnamWord`,
 * upper case, LIKE-escaped; null: no caller name to match) or is mentioned in `textLower`. Longest names first.
 */
export const namesToMatch = (db: Kysely<DB>, table: 'store' | 'receiver', cnamWord: string | null, textLower: string) =>
  db
    .selectFrom(table)
    .select(['id', 'name'])
    .where((eb) =>
      eb.or([
        ...(cnamWord !== null ? [eb(sql<string>`upper(${sql.ref('name')})`, 'like', `${cnamWord}%`)] : []),
        eb(sql<number>`strpos(${textLower}, lower(${sql.ref('name')}))`, '>', 0),
      ]),
    )
    .orderBy(sql`length(name)`, 'desc')
    .orderBy('id')
    .limit(200)
    .execute();
