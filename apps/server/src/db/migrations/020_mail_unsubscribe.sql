-- The report mail (issue 34 section 3, decision 0051). A contact who unsubscribes (one click: the mail's
-- List-Unsubscribe link, RFC 8058) is marked with unsubscribed_at; Mailable Contacts shows it, sends skip it until
-- staff re-enable it (unsubscribed_at back to null). Each queued mail keeps its own List-Unsubscribe address, signed
-- for its contact when it was queued; a mail whose contact unsubscribed before it went out is 'skipped'.
alter table receiver_contact add column unsubscribed_at timestamptz;
alter table mail_outbox add column list_unsubscribe text;
alter table mail_outbox drop constraint mail_outbox_status_check;
alter table mail_outbox add constraint mail_outbox_status_check check (status in ('queued', 'sent', 'failed', 'skipped'));
