-- Issue 16: an email kind is one module in src/mail-core/kinds/ and one line in src/mail-core/kinds.ts. The
-- check constraint that listed every kind made each new kind a migration that listed them all
-- again (four did, one by parsing pg_get_constraintdef). The guard is now the one TypeScript
-- enqueue, which takes only a kind of the registry, and a test that every kind the SQL side
-- queues (the welcome function, the contact trigger) is in the registry
-- (src/mail-core/kinds.test.ts). The worker fails a row whose kind no module defines, for good.
alter table app_private.email_queue drop constraint email_queue_kind_known;
-- What every kind's name looks like, without listing them.
alter table app_private.email_queue add constraint email_queue_kind_shape check (kind ~ '^[a-z][a-z-]{0,62}$');
