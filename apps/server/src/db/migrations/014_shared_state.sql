-- State that several server processes on one PostgreSQL share (issue 10, decision 0026).
-- Files the server keeps (published documents, recordings) when FILE_STORE is 'database': any process reads what
-- another wrote. A row appears complete or not at all.
create table stored_file (
  key text primary key,
  data bytea not null,
  size integer not null,
  stored_at timestamptz not null default now()
);
-- Rate-limit windows (the per-account sign-in limit): one counter per key for all processes.
create table rate_limit_window (
  key text primary key,
  hits integer not null,
  ends_at timestamptz not null
);
create index rate_limit_window_ends_at_idx on rate_limit_window (ends_at);
