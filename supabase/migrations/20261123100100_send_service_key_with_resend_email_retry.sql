-- The retry entry point of the resend-email function now requires the project's service-role key
-- (issue 15, defect 10): open to anyone, it took thousands of calls a second, each a queue claim
-- on the database and a billed invocation. The pg_cron job (20261122300100, unchanged: it runs
-- `select app_private.call_resend_email_retry()` every minute) therefore sends that key, read from
-- Supabase Vault at each call like the project's URL. The publishable key it sent before is no
-- longer used; docs/deploy-supabase.md has the one SQL step that stores the new secret.
--
-- Until the secret is stored, each run fails with the message below (cron.job_run_details) and the
-- emails wait in the queue; nothing is lost. PGlite and a plain PostgreSQL have no job and never
-- call this function.

create or replace function app_private.call_resend_email_retry() returns bigint
language plpgsql
set search_path = ''
as $$
declare
  project_url text;
  service_key text;
begin
  select s.decrypted_secret into project_url from vault.decrypted_secrets s where s.name = 'resend_email_project_url';
  select s.decrypted_secret into service_key from vault.decrypted_secrets s where s.name = 'resend_email_service_role_key';
  if project_url is null or service_key is null then
    raise exception 'resend-email retry: Vault secrets resend_email_project_url and resend_email_service_role_key are not both set'
      using hint = 'See docs/deploy-supabase.md, step "Turn on the retry worker".';
  end if;
  return net.http_post(
    url := rtrim(project_url, '/') || '/functions/v1/resend-email/retry',
    body := '{}'::jsonb,
    headers := jsonb_build_object(
      'Content-Type', 'application/json',
      'apikey', service_key,
      'Authorization', 'Bearer ' || service_key
    ),
    timeout_milliseconds := 10000
  );
end
$$;
revoke all on function app_private.call_resend_email_retry() from public;
