-- Issue 52: a scheduled job (the daily backup, the TestFlight link check) runs once across server
-- processes sharing one database, not once per process. A process claims a job's run with one
-- conditional upsert on the job's row; the run it names (due_at) is claimed once, and taken over
-- only after its claimer's lease ended without it finishing (the claimer died). A row, not an
-- advisory lock: it works through a transaction pooler and remembers that the run happened.
-- docs/decisions/several-processes.md
create table app_private.scheduled_runs (
  job text primary key,
  -- The moment the last claimed run was due (the backup's day and time, the check's window).
  due_at timestamptz not null,
  -- Until when its claimer holds it; renewed while the run lasts.
  lease_until timestamptz not null,
  -- When that run finished; null while it runs, or when its claimer died or failed.
  done_at timestamptz,
  -- Host and process id of the claimer, for the owner reading the table.
  claimed_by text not null,
  constraint scheduled_runs_job_length check (length(job) between 1 and 100)
);
revoke all on table app_private.scheduled_runs from public, anon, authenticated;
grant all on table app_private.scheduled_runs to service_role;
