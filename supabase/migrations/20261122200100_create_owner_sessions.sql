-- The owner's side, part 2: sign-in and sessions for the console at /admin (issue 9).
-- Everything lives in app_private: the Data API does not expose it and anon cannot reach it.
-- The self-hosted server is the only user; on Supabase these tables stay empty.

-- Secrets the server keeps in the database so every process (and `npm run owner`) shares them:
-- 'owner' signs one-time sign-in links and keys the audit log's hashes of erased addresses.
create table app_private.owner_keys (
  name text primary key,
  secret bytea not null,
  created_at timestamptz not null default now(),
  constraint owner_keys_secret_length check (octet_length(secret) >= 32)
);

-- Console sessions. Only a hash of the cookie's token is stored: a copy of the table signs no one in.
create table app_private.owner_sessions (
  id uuid primary key default gen_random_uuid(),
  token_hash bytea not null unique,
  email text not null,
  -- How the session was opened: 'link' (command line or email) or 'passkey'.
  method text not null,
  user_agent text,
  created_at timestamptz not null default now(),
  last_seen_at timestamptz not null default now(),
  expires_at timestamptz not null,
  revoked_at timestamptz
);
create index owner_sessions_active on app_private.owner_sessions (expires_at) where revoked_at is null;

-- One-time sign-in links already used, kept until they would have expired anyway.
create table app_private.owner_used_links (
  nonce_hash bytea primary key,
  expires_at timestamptz not null
);

-- Sign-in attempts per client address and window, shared by every process.
create table app_private.owner_attempts (
  bucket text primary key,
  count integer not null,
  expires_at timestamptz not null
);

-- Who did what, when. An erased person's address appears only as a keyed hash.
create table app_private.owner_audit (
  id bigint generated always as identity primary key,
  at timestamptz not null default now(),
  actor text not null,
  action text not null,
  detail jsonb not null default '{}'::jsonb
);
create index owner_audit_at on app_private.owner_audit (at desc);

-- A contact message the owner has dealt with; no row means new.
create table app_private.contact_message_states (
  contact_message_id bigint primary key references public.contact_messages (id) on delete cascade,
  handled_at timestamptz not null default now(),
  handled_by text not null
);

-- Passkeys (WebAuthn credentials) of the owners.
create table app_private.owner_passkeys (
  id text primary key,
  email text not null,
  public_key bytea not null,
  counter bigint not null default 0,
  transports text[] not null default '{}',
  name text not null,
  created_at timestamptz not null default now(),
  last_used_at timestamptz
);

-- A WebAuthn ceremony's challenge, between its options and its answer (any process may get either).
create table app_private.owner_challenges (
  id uuid primary key default gen_random_uuid(),
  challenge text not null,
  email text,
  expires_at timestamptz not null
);

revoke all on table app_private.owner_keys, app_private.owner_sessions, app_private.owner_used_links,
  app_private.owner_attempts, app_private.owner_audit, app_private.contact_message_states,
  app_private.owner_passkeys, app_private.owner_challenges
  from public, anon, authenticated;
