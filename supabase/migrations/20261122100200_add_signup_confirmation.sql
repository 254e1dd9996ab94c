-- Double opt-in, off by default (issue 8, defect 2b; the setting SIGNUP_CONFIRMATION of the Node
-- server). When it is on, the first email asks the person to confirm, the welcome email follows the
-- confirmation, and a sign-up left unconfirmed for 7 days is deleted.
-- See docs/decisions/suppression-and-canonical-mailbox.md and README ("Double opt-in").

-- When the address was confirmed as wanted: by the confirmation button when the setting is on, or
-- when the welcome email was queued when it is off. Null: not (yet) confirmed. Anon cannot write it
-- (its grant stays on email and website).
alter table public.beta_signups add column confirmed_at timestamptz;
-- Every sign-up before this migration got the specification's behaviour: it counts as confirmed.
update public.beta_signups set confirmed_at = created_at;

-- The 7-day clean-up reads only this (small) part of the table.
create index beta_signups_unconfirmed on public.beta_signups (created_at) where confirmed_at is null;

-- The confirmation request is an email of its own kind, at most one per mailbox
-- ('confirm-signup:' || canonical mailbox); deleted with the sign-up when it expires.
alter table app_private.email_queue drop constraint email_queue_kind_known;
alter table app_private.email_queue add constraint email_queue_kind_known
  check (kind in ('welcome', 'confirm-signup'));
