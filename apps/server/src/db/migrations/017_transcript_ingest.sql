-- Call transcripts, issue 32 (decision 0039).
-- Which integration key created each call: only that key may change the call or its recording afterwards (another
-- key's ingest or recording of the same CallSid answers 409). integration_key_id, set by every delivery until now,
-- is the best guess for the calls already stored; calls without a key (the demo's) can be changed by no key.
-- The analysis runs as a job ('transcript-analysis') on a thread of its own: the transcript waits in analysis_input
-- (the provider's fields, without their words arrays) with analysis_status 'pending' until the job writes it.
-- analysis_seq counts the transcripts a call was sent: the job of an older one writes nothing.
alter table transcript
  add column created_by_key_id integer references integration_key (id) on delete set null,
  add column analysis_status text check (analysis_status in ('pending', 'done', 'failed')),
  add column analysis_input jsonb,
  add column analysis_seq integer not null default 0 check (analysis_seq >= 0),
  add check ((analysis_status = 'pending') = (analysis_input is not null));

update transcript set created_by_key_id = integration_key_id where integration_key_id is not null;
update transcript set analysis_status = 'done' where transcript_from_aai is not null;
