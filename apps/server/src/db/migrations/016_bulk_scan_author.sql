-- Who entered a weight in the console (issue 32, decision 0038): the signed-in user's id, taken from the session,
-- never from the request body. The e-mail shown as "By:" is read from the user row; bulk_scan.email keeps the
-- e-mail a scanner upload or an older entry carried (and a copy of the author's, should the user row go).
alter table bulk_scan add column author_id uuid references "user" (id) on delete set null;
create index bulk_scan_author_id_idx on bulk_scan (author_id) where author_id is not null;
