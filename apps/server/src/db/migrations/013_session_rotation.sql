-- Session rotation (decision 0023): every access-token request replaces the session token it came with. A session
-- made by rotation names its chain: the id of the session signed in first. A replaced token is remembered (as a
-- SHA-256 hash) with its chain, so a second use of it is recognised: within a short grace two tabs refreshed at
-- once; after it, a copy of the cookie is in other hands and the whole chain is signed out.
alter table "session" add column "chainId" uuid;
create index "session_chainId_idx" on "session" ("chainId") where "chainId" is not null;

create table session_rotated (
  token_hash text primary key,
  chain_id uuid not null,
  user_id uuid not null references "user" ("id") on delete cascade,
  rotated_at timestamptz not null default now(),
  expires_at timestamptz not null
);
create index session_rotated_expires_at_idx on session_rotated (expires_at);
