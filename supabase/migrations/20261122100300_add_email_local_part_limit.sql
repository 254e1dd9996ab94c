-- SMTP allows at most 64 characters before the @ (RFC 5321 §4.5.3.1.1); the shared schema
-- (src/shared/email-address.ts, LIMITS.emailLocalPart) refuses longer ones with a message, and
-- these constraints hold for inserts that do not pass through it (PostgREST on Supabase).
-- NOT VALID: rows stored before are left as they are; every new row is checked.
alter table public.beta_signups add constraint beta_signups_email_local_part_length
  check (char_length(split_part(email, '@', 1)) <= 64) not valid;
alter table public.contact_messages add constraint contact_messages_email_local_part_length
  check (char_length(split_part(btrim(email), '@', 1)) <= 64) not valid;
