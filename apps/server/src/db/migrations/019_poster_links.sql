-- Poster links (issue 34 section 2, decision 0050). A printed poster's QR code carries a short address,
-- {origin}/p/{code}, instead of the store's signed report link: far fewer QR modules, and a link of its own kind. The
-- server resolves the code to a read-only token of the store's scope (s_{store_id}) that names the code, not the
-- store's token_version: rotating the store's report link leaves printed posters working. Revoking the poster link
-- (revoked_at) ends every poster printed with it; the next poster gets a new code. A store has at most one live code.
create table poster_link (
  code text primary key check (code ~ '^[0-9a-z]{12}$'),
  store_id integer not null references store (id) on delete cascade,
  created_at timestamptz not null default now(),
  revoked_at timestamptz
);
create unique index poster_link_live_idx on poster_link (store_id) where revoked_at is null;
