import { z } from 'zod';
import { orderingParam, TRANSCRIPT_ORDERING } from './ordering.js';
import { listPageSchema, pageParam } from './reports.js';

/**
 * Call transcripts (spec 2.12, 3 "Transcript", 7.5; DESIGN "Transcripts"; decision 0013).
 * Staff read GET {core-api}/api/product/calls/transcripts (search, tw_call_length__gte, sentiment_score) and one
 * transcript by id, and stream its audio. Telephony and speech-analysis integrations POST calls with an integration
 * key; staff create, list and revoke those keys.
 */

export const transcriptsPaths = {
  calls: '/core-api/api/product/calls/transcripts',
  call: '/core-api/api/product/calls/transcripts/:id',
  audio: '/core-api/api/product/calls/transcripts/:id/audio',
  keys: '/core-api/api/product/calls/integration-keys',
  key: '/core-api/api/product/calls/integration-keys/:id',
} as const;

/** Limits of the ingest API (decision 0013). */
export const TRANSCRIPT_LIMITS = {
  /** Characters of transcript text (about 3 hours of speech). */
  textChars: 200_000,
  utterances: 10_000,
  /** Entries of each analysis list (sentiment results, entities, chapters, highlights, category segments). */
  listEntries: 20_000,
  /** Characters of any other text field. */
  fieldChars: 20_000,
  /**
   * Bytes of an ingest request. A provider transcript with its words arrays takes ~30 bytes a character of text (a
   * 2.5-hour call: ~4.3 MB), so 8 MB hold the longest text allowed (~6 MB). Larger bodies answer 413 (decision 0039).
   */
  bodyBytes: 8 * 1024 * 1024,
  /** Bytes of one uploaded recording. */
  audioBytes: 25 * 1024 * 1024,
} as const;

export const CALL_DIRECTIONS = ['inbound', 'outbound-api', 'outbound-dial'] as const;
export const SENTIMENTS = ['POSITIVE', 'NEUTRAL', 'NEGATIVE'] as const;
export type SentimentLabel = (typeof SENTIMENTS)[number];
/** Speaker labels shown in the full transcript: A to G, anything else is UNK. */
export const SPEAKERS = ['A', 'B', 'C', 'D', 'E', 'F', 'G', 'UNK'] as const;
export type SpeakerLabel = (typeof SPEAKERS)[number];
export const ANALYSIS_PARTS = ['sentiment', 'entities', 'highlights', 'categories'] as const;
export type AnalysisPart = (typeof ANALYSIS_PARTS)[number];
export const TRANSCRIPT_MATCHES = ['phone', 'caller_name', 'name'] as const;
/**
 * Where a call's analysis is (decision 0039): a transcript sent is analysed by a job, 'pending' until it has run
 * (the analysis shown meanwhile is the one before, if any); 'failed' when it could not be made; null: no transcript.
 */
export const ANALYSIS_STATUSES = ['pending', 'done', 'failed'] as const;
export type AnalysisStatus = (typeof ANALYSIS_STATUSES)[number];

/** 'Neutral' lists sentiment_score >= 0, 'Negative' below 0 (DESIGN "Transcripts"). */
export const SENTIMENT_FILTERS = ['neutral', 'negative'] as const;
export type SentimentFilter = (typeof SENTIMENT_FILTERS)[number];

// ---- list and detail ----
export const transcriptsQuerySchema = z
  .object({
    page_size: z.coerce.number().int().min(1).max(1000).default(50),
    page: pageParam,
    /** Caller name, a phone number (any format) or the gist. */
    search: z.string().trim().max(200).optional(),
    tw_call_length__gte: z.coerce.number().int().min(0).max(1_000_000).optional(),
    sentiment_score: z.enum(SENTIMENT_FILTERS).optional(),
    ordering: orderingParam(TRANSCRIPT_ORDERING).optional(),
  })
  .strict();
export type TranscriptsQuery = z.infer<typeof transcriptsQuerySchema>;

export const transcriptIdParamsSchema = z.object({
  id: z.coerce
    .number()
    .int()
    .min(1)
    .max(2 ** 53 - 1),
});

const linkSchema = z.object({ id: z.number(), name: z.string(), match: z.enum(TRANSCRIPT_MATCHES) });

export const transcriptRowSchema = z.object({
  id: z.number(),
  created_at: z.string(),
  tw_caller_name: z.string().nullable(),
  tw_to_number: z.string().nullable(),
  tw_from_number: z.string().nullable(),
  tw_call_direction: z.enum(CALL_DIRECTIONS).nullable(),
  tw_call_length: z.number().nullable(),
  aai_headline: z.string().nullable(),
  aai_gist: z.string().nullable(),
  sentiment_score: z.number().nullable(),
});
export type TranscriptRow = z.infer<typeof transcriptRowSchema>;
export const transcriptListSchema = listPageSchema(transcriptRowSchema);

export const sentimentDataSchema = z.object({
  overall: z.enum(SENTIMENTS),
  POSITIVE: z.number(),
  NEGATIVE: z.number(),
  NEUTRAL: z.number(),
});
export type SentimentData = z.infer<typeof sentimentDataSchema>;

const timed = { start: z.number().nullable(), end: z.number().nullable() };
export const utteranceSchema = z.object({
  speaker: z.enum(SPEAKERS),
  text: z.string(),
  ...timed,
  sentiment: z.enum(SENTIMENTS).nullable(),
});
export const sentenceSentimentSchema = z.object({
  speaker: z.enum(SPEAKERS),
  text: z.string(),
  ...timed,
  sentiment: z.enum(SENTIMENTS),
  confidence: z.number().nullable(),
});
export const chapterSchema = z.object({ gist: z.string(), headline: z.string(), summary: z.string(), ...timed });
export const entitySchema = z.object({ entity_type: z.string(), text: z.string(), ...timed });
export const highlightSchema = z.object({ text: z.string(), count: z.number(), rank: z.number() });

/** transcript_from_aai as stored: the provider's transcript without its words arrays (spec section 3). */
export const storedAnalysisSchema = z.object({
  id: z.string().nullable(),
  status: z.string().nullable(),
  audio_url: z.string().nullable(),
  text: z.string().nullable(),
  audio_duration: z.number().nullable(),
  summary: z.string().nullable(),
  chapters: z.array(chapterSchema),
  utterances: z.array(utteranceSchema),
  entities: z.array(entitySchema),
  iab_categories_result: z.object({ status: z.string(), summary: z.record(z.string(), z.number()) }),
  auto_highlights_result: z.object({ status: z.string(), results: z.array(highlightSchema) }),
  sentiment_analysis_results: z.array(sentenceSentimentSchema),
});
export type StoredAnalysis = z.infer<typeof storedAnalysisSchema>;

export const transcriptDetailSchema = transcriptRowSchema.extend({
  tw_call_sid: z.string().nullable(),
  tw_call_status: z.string().nullable(),
  aai_summary: z.string().nullable(),
  sentiment_data: sentimentDataSchema.nullable(),
  transcript_from_aai: storedAnalysisSchema.nullable(),
  analysis_source: z.enum(['aai', 'local']),
  analysis_local: z.array(z.enum(ANALYSIS_PARTS)),
  analysis_status: z.enum(ANALYSIS_STATUSES).nullable(),
  /** The integration key that created the call (its name, never the key); null for calls no key sent (the demo's). */
  created_by_key: z.object({ id: z.number(), name: z.string() }).nullable(),
  store: linkSchema.nullable(),
  receiver: linkSchema.nullable(),
  /** Where the recording streams from (range requests), or null when none is stored. */
  audio: z.object({ url: z.string(), content_type: z.string(), byte_size: z.number().nullable() }).nullable(),
});
export type TranscriptDetail = z.infer<typeof transcriptDetailSchema>;

// ---- ingest ----
const text = (max: number = TRANSCRIPT_LIMITS.fieldChars) => z.string().max(max);
const ms = z.number().finite().min(0).nullish();
const list = <T extends z.ZodTypeAny>(item: T) => z.array(item).max(TRANSCRIPT_LIMITS.listEntries);
const digits = z.string().regex(/^\d{1,9}$/, 'expected a whole number of seconds');
const seconds = z.union([z.number().int().min(0).max(1e9), digits]);
const sid = (prefix: string) =>
  z.string().regex(new RegExp(`^${prefix}[0-9a-zA-Z]{32}$`), `expected ${prefix} followed by 32 letters or digits`);
const phone = z.string().max(64);

/**
 * Call metadata: our tw_* names, or the telephony provider's callback parameter names (CallSid, From, To, Direction,
 * CallDuration, CallStatus, CallerName, RecordingSid, RecordingDuration). Other callback parameters are accepted and
 * ignored. Values may be strings, as they are on the wire.
 */
export const ingestCallSchema = z.looseObject({
  tw_call_sid: sid('CA').optional(),
  tw_recording_sid: sid('RE').nullish(),
  tw_caller_name: text(200).nullish(),
  tw_to_number: phone.nullish(),
  tw_from_number: phone.nullish(),
  tw_call_direction: z.enum(CALL_DIRECTIONS).nullish(),
  tw_call_length: seconds.nullish(),
  tw_call_status: text(40).nullish(),
  CallSid: sid('CA').optional(),
  RecordingSid: sid('RE').optional(),
  CallerName: text(200).optional(),
  To: phone.optional(),
  From: phone.optional(),
  Direction: z.enum(CALL_DIRECTIONS).optional(),
  CallDuration: digits.optional(),
  RecordingDuration: digits.optional(),
  CallStatus: text(40).optional(),
});
export type IngestCall = z.infer<typeof ingestCallSchema>;

/** The speech-analysis provider's transcript object, as it comes (unknown fields are accepted and not kept). */
export const ingestTranscriptSchema = z.looseObject({
  id: text(200).nullish(),
  status: text(40).nullish(),
  audio_url: text(2000).nullish(),
  text: text(TRANSCRIPT_LIMITS.textChars).nullish(),
  audio_duration: z.number().finite().min(0).nullish(),
  summary: text().nullish(),
  utterances: z
    .array(
      z.looseObject({
        speaker: text(20).nullish(),
        text: text(TRANSCRIPT_LIMITS.textChars),
        start: ms,
        end: ms,
      }),
    )
    .max(TRANSCRIPT_LIMITS.utterances)
    .nullish(),
  chapters: list(z.looseObject({ gist: text(), headline: text(), summary: text(), start: ms, end: ms })).nullish(),
  entities: list(z.looseObject({ entity_type: text(100), text: text(), start: ms, end: ms })).nullish(),
  sentiment_analysis_results: list(
    z.looseObject({
      sentiment: z.enum(SENTIMENTS),
      text: text(),
      speaker: text(20).nullish(),
      start: ms,
      end: ms,
      confidence: z.number().finite().nullish(),
    }),
  ).nullish(),
  auto_highlights_result: z
    .looseObject({
      status: text(40).nullish(),
      results: list(
        z.looseObject({ text: text(), count: z.number().finite().min(0), rank: z.number().finite() }),
      ).nullish(),
    })
    .nullish(),
  iab_categories_result: z
    .looseObject({
      status: text(40).nullish(),
      summary: z.record(text(300), z.number().finite()).nullish(),
    })
    .nullish(),
});
export type IngestTranscript = z.infer<typeof ingestTranscriptSchema>;

export const ingestBodySchema = z
  .object({ call: ingestCallSchema, transcript: ingestTranscriptSchema.nullish() })
  .strict();
export type IngestBody = z.infer<typeof ingestBodySchema>;

/**
 * The answer to an ingest: 202 while a transcript sent waits for its analysis job (analysis_status 'pending'; GET the
 * call for it), else 201 (a new call) or 200 (an update). Links found from the transcript's text come with the job.
 */
export const ingestResultSchema = z.object({
  id: z.number(),
  created: z.boolean(),
  analysis_status: z.enum(ANALYSIS_STATUSES).nullable(),
  store_id: z.number().nullable(),
  receiver_id: z.number().nullable(),
  audio_upload_url: z.string(),
});
export type IngestResult = z.infer<typeof ingestResultSchema>;

export const audioStoredSchema = z.object({ id: z.number(), content_type: z.string(), byte_size: z.number() });

// ---- integration keys (staff) ----
export const integrationKeySchema = z.object({
  id: z.number(),
  name: z.string(),
  scope: z.string(),
  created_at: z.string(),
  last_used_at: z.string().nullable(),
  revoked_at: z.string().nullable(),
});
export type IntegrationKey = z.infer<typeof integrationKeySchema>;
export const integrationKeyListSchema = z.object({ results: z.array(integrationKeySchema) });
export const integrationKeyCreateSchema = z.object({ name: z.string().trim().min(1).max(100) }).strict();
/** The key itself appears in this answer only; the server keeps its hash. */
export const integrationKeyCreatedSchema = integrationKeySchema.extend({ key: z.string() });
export const integrationKeyIdParamsSchema = z.object({
  id: z.coerce
    .number()
    .int()
    .min(1)
    .max(2 ** 31 - 1),
});
