-- Publishing as durable jobs (decision 0008). A publish job lists its files here when it is created; the runner
-- marks a file done in the same transaction that inserts its generated_file rows and advances jobs.processed, so a
-- restart (even after SIGKILL) resumes with the pending files only, and no file is processed twice in one job.
create table job_item (
  job_id text not null references jobs (id) on delete cascade,
  -- The file's place in the job (the order the caller listed the files in).
  seq integer not null check (seq >= 0),
  publish_file_id integer not null references publish_file (id) on delete cascade,
  state text not null default 'pending' check (state in ('pending', 'done', 'failed')),
  -- 1, 2, 3... in the order files finished: the job's processed count when this one was committed.
  finish_order integer check (finish_order >= 1),
  finished_at timestamptz,
  error text,
  primary key (job_id, publish_file_id),
  unique (job_id, seq),
  check ((state = 'pending') = (finish_order is null))
);
create index job_item_pending_idx on job_item (job_id, seq) where state = 'pending';
create index job_item_publish_file_idx on job_item (publish_file_id);

-- One job renders each file's documents once: a second insert for the same job, file and type is refused.
create unique index generated_file_job_file_type_idx on generated_file (job_id, publish_file_id, file_type)
  where job_id is not null;
create index generated_file_publish_file_idx on generated_file (publish_file_id, version desc);
