-- Issue 42: a restore keeps promises. Every change to the suppression list, and every erasure, is
-- written here too, in order, as the same keyed hash the list holds (no address). The server
-- copies new entries to a file beside its backups (BACKUP_DIR/suppression-journal.jsonl), so a
-- restore of an older backup re-applies what happened after it, even when this database is lost.
-- See docs/decisions/backups.md.

create table app_private.suppression_journal (
  id bigint generated always as identity primary key,
  at timestamptz not null default now(),
  mailbox_hmac bytea not null,
  event text not null check (event in ('suppressed', 'lifted', 'erased')),
  reason text
);
revoke all on table app_private.suppression_journal from public, anon, authenticated;
grant all on table app_private.suppression_journal to service_role;

-- Security definer: the list's writers include functions anon calls (unsubscribe), and the
-- journal is as private as the list.
create function app_private.journal_suppression() returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  if tg_op = 'DELETE' then
    insert into app_private.suppression_journal (mailbox_hmac, event, reason)
    values (old.mailbox_hmac, 'lifted', old.reason);
    return old;
  end if;
  if tg_op = 'UPDATE' and new.reason is not distinct from old.reason then
    return new;
  end if;
  insert into app_private.suppression_journal (mailbox_hmac, event, reason)
  values (new.mailbox_hmac, 'suppressed', new.reason);
  return new;
end
$$;
revoke all on function app_private.journal_suppression() from public;

create trigger email_suppressions_journal
after insert or update or delete on app_private.email_suppressions
for each row execute function app_private.journal_suppression();

-- One wake-up per statement for the server's copy to the file (a Node server listens; elsewhere
-- nobody does, and a notification nobody listens to costs nothing).
create function app_private.notify_suppression_journal() returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  perform pg_notify('suppression_journal', '');
  return null;
end
$$;
revoke all on function app_private.notify_suppression_journal() from public;

create trigger suppression_journal_notify
after insert on app_private.suppression_journal
for each statement execute function app_private.notify_suppression_journal();

-- What the list already holds, so the journal starts complete.
insert into app_private.suppression_journal (at, mailbox_hmac, event, reason)
select created_at, mailbox_hmac, 'suppressed', reason from app_private.email_suppressions order by created_at;
