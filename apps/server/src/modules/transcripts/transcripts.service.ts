import type { IngestBody, IngestResult, IntegrationKey } from '@openrescue/shared';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.js';
import { HttpError, unauthorized } from '../../lib/http-error.js';
import { hashKey, newKey, presentedKey } from '../../lib/integration-keys.js';
import { analysisInput, callFields, requireAnalysable } from './transcripts.ingest.js';
import {
  insertAnalysisJob,
  insertCall,
  lockedCall,
  otherCallWithTranscript,
  setCallLinks,
  unlinkedCalls,
  updateCall,
} from './calls.repository.js';
import { insertKey, keyRows, revokeKeyRow, useKey } from './integration-keys.repository.js';
import { linkColumns } from './transcripts.jobs.js';
import { betterLinks, findLinks, linksOf } from './transcripts.linking.js';

// ---- integration keys: shown once, only their SHA-256 is stored (lib/integration-keys.ts) ----
export { hashKey };
const iso = (v: Date | string | null) => (v === null ? null : (v instanceof Date ? v : new Date(v)).toISOString());

type KeyRow = {
  id: number;
  name: string;
  scope: string;
  created_at: Date | string;
  last_used_at: Date | string | null;
  revoked_at: Date | string | null;
};
const presentKey = (k: KeyRow): IntegrationKey => ({
  id: k.id,
  name: k.name,
  scope: k.scope,
  created_at: iso(k.created_at)!,
  last_used_at: iso(k.last_used_at),
  revoked_at: iso(k.revoked_at),
});
export async function listKeys(db: Kysely<DB>) {
  return (await keyRows(db)).map(presentKey);
}

export async function createKey(db: Kysely<DB>, name: string) {
  const key = newKey();
  const row = await insertKey(db, name, hashKey(key));
  if (!row) throw new HttpError(409, 'conflict', 'A key with this name exists.', `choose another name than "${name}"`);
  return { ...presentKey(row), key };
}

export async function revokeKey(db: Kysely<DB>, id: number) {
  const row = await revokeKeyRow(db, id);
  return row ? presentKey(row) : null;
}

/** The integration key a request's Authorization header presents (not revoked), or a 401. */
export async function requireIntegrationKey(db: Kysely<DB>, authorization: string | undefined): Promise<number> {
  const key = presentedKey(authorization);
  if (!key) throw unauthorized('An integration key is required.', 'send Authorization: Bearer <integration key>');
  const row = await useKey(db, hashKey(key));
  if (!row) throw unauthorized('The integration key is not valid.', 'invalid or revoked integration key');
  return row.id;
}

// ---- ingest ----
/** Another key's call: changed by no one but the key that created it (decision 0039). */
const notYourCall = (sid: string) =>
  new HttpError(
    409,
    'conflict',
    'This call belongs to another integration key.',
    `call ${sid} was created by another integration key; it stays as it was`,
  );

/** A key may change a call it created; a call no key created (the demo's) is changed by none. */
export function requireOwnCall(call: { created_by_key_id: number | null; tw_call_sid: string | null }, keyId: number) {
  if (call.created_by_key_id !== keyId) throw notYourCall(call.tw_call_sid ?? '');
}

/**
 * Creates the call, or updates the one with the same call id (callbacks and the transcript arrive separately) when
 * this key created it; another key's answers 409. A transcript is checked here and analysed by a job
 * (transcripts.jobs.ts): the answer says 'pending' and the job is woken by `queued`.
 */
export async function ingestCall(
  db: Kysely<DB>,
  body: IngestBody,
  keyId: number,
  uploadUrl: (id: number) => string,
  queued: () => void,
): Promise<IngestResult> {
  const call = callFields(body.call);
  if (body.transcript) requireAnalysable(body.transcript);
  const input = body.transcript ? analysisInput(body.transcript) : null;
  const transcriptId = input?.id ?? null;

  const write = () =>
    db.transaction().execute(async (trx) => {
      const existing = await lockedCall(trx, call.tw_call_sid);
      if (existing) requireOwnCall(existing, keyId);
      // A recording callback carries RecordingDuration but no CallDuration: it gives the length when none is known.
      if (
        call.tw_call_length === undefined &&
        body.call.RecordingDuration !== undefined &&
        existing?.tw_call_length == null
      ) {
        call.tw_call_length = Number(body.call.RecordingDuration);
      }
      if (transcriptId) {
        const clash = await otherCallWithTranscript(trx, transcriptId, call.tw_call_sid);
        if (clash)
          throw new HttpError(
            409,
            'conflict',
            'This transcript belongs to another call.',
            `transcript.id ${transcriptId} is stored for call ${clash.id}`,
          );
      }
      const merged = { ...(existing ?? {}), ...call };
      // Links by the call's numbers and caller name now; those the transcript's text names come with its analysis
      // (a call without a new transcript keeps the ones it has unless these are better).
      const found = await findLinks(trx, {
        numbers: [merged.tw_from_number ?? null, merged.tw_to_number ?? null],
        callerName: merged.tw_caller_name ?? null,
        text: '',
      });
      const links = existing && !input ? betterLinks(linksOf(existing), found) : found;
      const seq = (existing?.analysis_seq ?? 0) + (input ? 1 : 0);
      const now = new Date().toISOString();
      const values = {
        ...call,
        ...(input
          ? {
              analysis_input: JSON.stringify(input),
              analysis_status: 'pending' as const,
              analysis_seq: seq,
              ...(transcriptId ? { aai_transcript_id: transcriptId } : {}),
            }
          : {}),
        ...linkColumns(links),
        integration_key_id: keyId,
        updated_at: now,
      };
      const row = existing
        ? await updateCall(trx, existing.id, values)
        : await insertCall(trx, { ...values, created_by_key_id: keyId });
      const id = Number(row.id);
      if (input) await insertAnalysisJob(trx, id, seq);
      return {
        id,
        created: !existing,
        analysis_status: row.analysis_status,
        store_id: row.store_id,
        receiver_id: row.receiver_id,
        audio_upload_url: uploadUrl(id),
      };
    });
  let result: IngestResult;
  try {
    result = await write();
  } catch (error) {
    // Two first deliveries of a call at once: the later insert meets the other's row. Once more, it finds the call
    // (and updates it, or answers 409 when another key created it).
    if ((error as { code?: string })?.code !== '23505') throw error;
    result = await write();
  }
  if (input) queued();
  return result;
}

/** Links for rows that have none yet (demo rows written before migration 011); at start, in the background. */
export async function linkUnlinked(db: Kysely<DB>): Promise<number> {
  const rows = await unlinkedCalls(db);
  for (const r of rows) {
    const links = await findLinks(db, {
      numbers: [r.tw_from_number, r.tw_to_number],
      callerName: r.tw_caller_name,
      text: r.text ?? '',
    });
    await setCallLinks(db, r.id, links);
  }
  return rows.length;
}
