-- An import adds a founder's existing list: one signups.imported event per batch, written by the
-- import in the batch's transaction, instead of a signup.created per row (a chat destination got
-- one grouped message a minute for hours, and a webhook receiver a request per person it already
-- has elsewhere). The import says so with app.signup_origin, local to its transaction, as
-- unsubscribe and erasure say app.person_left. Every other insert (the page, PostgREST on Supabase,
-- the API, SQL by hand) still writes signup.created. docs/decisions/list-import.md

drop trigger beta_signups_outbound_events on public.beta_signups;

create trigger beta_signups_outbound_events
after update of confirmed_at, invited_at, opened_at or delete on public.beta_signups
for each row execute function app_private.beta_signups_outbound_events();

create trigger beta_signups_outbound_created
after insert on public.beta_signups
for each row when (current_setting('app.signup_origin', true) is distinct from 'import')
execute function app_private.beta_signups_outbound_events();
