-- The audit trail of staff actions (issue 36 section 1, decision 0061): one row per action, written by
-- recordAudit() (modules/audit/audit.service.ts) in the same transaction as the change where the change has one.
-- Who comes from the session (actor_id, and actor_label: the user's e-mail then), never from a request body.
-- Append-only: no route edits or deletes a row, and the triggers below refuse UPDATE, DELETE and TRUNCATE.
-- actor_id is no foreign key: removing a user must not touch (update) the rows that name it.
create table audit_event (
  id bigint generated always as identity primary key,
  at timestamptz not null default now(),
  actor_id uuid,
  actor_label text not null check (actor_label <> ''),
  action text not null check (action ~ '^[a-z][a-z_-]*\.[a-z][a-z_-]*$'),
  object_type text not null check (object_type ~ '^[a-z][a-z_-]*$'),
  object_id text,
  reason text,
  before jsonb,
  after jsonb,
  detail jsonb
);
create index audit_event_at_idx on audit_event (at desc, id desc);
create index audit_event_object_idx on audit_event (object_type, object_id, at desc, id desc);
create index audit_event_actor_idx on audit_event (actor_id, at desc, id desc) where actor_id is not null;
create index audit_event_action_idx on audit_event (action, at desc, id desc);

create function audit_event_append_only() returns trigger language plpgsql as $$
begin
  raise exception 'audit_event is append-only: % refused', tg_op using errcode = 'insufficient_privilege';
end
$$;
create trigger audit_event_no_update before update or delete on audit_event
  for each row execute function audit_event_append_only();
create trigger audit_event_no_truncate before truncate on audit_event
  for each statement execute function audit_event_append_only();

-- A published report whose month changed afterwards (a bulk scan corrected or deleted): corrected_at is the last
-- such change. The console's Generated Files and the public report say "Corrected after publishing on <date>" while
-- corrected_at is later than the last publish (file_change_time); publishing the file again clears the note.
alter table publish_file add column corrected_at timestamptz;
