-- Call transcripts (issue 7, decision 0013): the store or receiver a call is about, stored audio, which parts of the
-- analysis were made here, the chapter gists the list searches, and which integration key delivered the call.

alter table transcript
  add column store_id integer references store (id) on delete set null,
  add column receiver_id integer references receiver (id) on delete set null,
  -- How the link was found: the organization's phone number, the caller name (CNAM) or its name in the transcript.
  add column store_match text check (store_match in ('phone', 'caller_name', 'name')),
  add column receiver_match text check (receiver_match in ('phone', 'caller_name', 'name')),
  add column linked_at timestamptz,
  add column aai_gist text,
  add column audio_content_type text,
  add column audio_byte_size integer check (audio_byte_size >= 0),
  -- Parts of the analysis computed here (sentiment, entities, highlights, categories); empty when all came with it.
  add column analysis_local text[] not null default '{}',
  add column integration_key_id integer references integration_key (id) on delete set null,
  add check ((store_id is null) = (store_match is null)),
  add check ((receiver_id is null) = (receiver_match is null));

create index transcript_sentiment_score_idx on transcript (sentiment_score);
create index transcript_store_id_idx on transcript (store_id) where store_id is not null;
create index transcript_receiver_id_idx on transcript (receiver_id) where receiver_id is not null;

-- Rows written before this migration come from the demo generator: their gists, and demo audio generated on first
-- use under transcripts/demo/. Their links are found by the transcripts module at start (linked_at is null).
update transcript set aai_gist = (
  select string_agg(c ->> 'gist', ' · ')
  from jsonb_array_elements(case when jsonb_typeof(transcript_from_aai -> 'chapters') = 'array'
    then transcript_from_aai -> 'chapters' else '[]'::jsonb end) c
) where transcript_from_aai is not null;
update transcript set audio_uri = 'transcripts/demo/' || tw_call_sid || '.wav'
where audio_uri is null and tw_call_sid ~ '^CA[0-9a-f]{32}$';
