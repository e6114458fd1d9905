-- Charity poster mail sends: every POST is one send; a contact is queued at most once per send.
alter table mail_outbox add column send_id text;
create unique index mail_outbox_send_contact_idx on mail_outbox (send_id, receiver_contact_id);
