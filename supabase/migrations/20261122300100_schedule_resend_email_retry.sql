-- The Supabase deployment's retry worker: every minute pg_cron calls the resend-email function's
-- retry entry point through pg_net, so an email that failed while Resend was down (429, 5xx,
-- network) is sent once its backoff has passed. The project's URL and its publishable (anon) key
-- are read from Supabase Vault at each call; docs/deploy-supabase.md has the one SQL step that
-- stores them. The self-hosted server has its own worker: where pg_cron and pg_net are not
-- available (PGlite, a plain PostgreSQL) this migration only creates the function below.

-- Returns pg_net's request id. PL/pgSQL resolves vault.* and net.* when it runs, not here.
create function app_private.call_resend_email_retry() returns bigint
language plpgsql
set search_path = ''
as $$
declare
  project_url text;
  api_key text;
begin
  select s.decrypted_secret into project_url from vault.decrypted_secrets s where s.name = 'resend_email_project_url';
  select s.decrypted_secret into api_key from vault.decrypted_secrets s where s.name = 'resend_email_publishable_key';
  if project_url is null or api_key is null then
    raise exception 'resend-email retry: Vault secrets resend_email_project_url and resend_email_publishable_key are not both set'
      using hint = 'See docs/deploy-supabase.md, step "Retry worker".';
  end if;
  return net.http_post(
    url := rtrim(project_url, '/') || '/functions/v1/resend-email/retry',
    body := '{}'::jsonb,
    headers := jsonb_build_object('Content-Type', 'application/json', 'apikey', api_key, 'Authorization', 'Bearer ' || api_key),
    timeout_milliseconds := 10000
  );
end
$$;
revoke all on function app_private.call_resend_email_retry() from public;

do $$
begin
  if exists (select 1 from pg_available_extensions where name = 'pg_cron')
     and exists (select 1 from pg_available_extensions where name = 'pg_net') then
    create extension if not exists pg_net with schema extensions;
    create extension if not exists pg_cron with schema pg_catalog;
    -- cron.schedule with a job name replaces an existing job of that name.
    perform cron.schedule('resend-email-retry', '* * * * *', 'select app_private.call_resend_email_retry()');
  end if;
end
$$;
