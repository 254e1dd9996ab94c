-- Issue 41: API tokens for /api/v1 (stats:read, signups:read, signups:write). docs/decisions/api-tokens.md
--
-- A token is shown once and kept only as the SHA-256 of its text: it is 32 random bytes, so a
-- fast hash is enough (nothing to brute-force), and each API request checks it with one indexed
-- lookup. The prefix (lp_ and 6 characters) lets the owner recognise a token in the console and
-- in their own config; it is not secret and proves nothing.

create table app_private.api_tokens (
  id bigint generated always as identity primary key,
  name text not null,
  prefix text not null,
  token_hash bytea not null,
  scopes text[] not null,
  created_by text not null,
  created_at timestamptz not null default now(),
  -- Written at most once a minute per token (the server's check), so reads stay cheap.
  last_used_at timestamptz,
  revoked_at timestamptz,
  constraint api_tokens_name_length check (char_length(name) between 1 and 80),
  constraint api_tokens_prefix_shape check (prefix ~ '^lp_[A-Za-z0-9_-]{6}$'),
  constraint api_tokens_hash_length check (octet_length(token_hash) = 32),
  constraint api_tokens_scopes_known check (
    cardinality(scopes) between 1 and 3
    and scopes <@ array['stats:read', 'signups:read', 'signups:write']::text[]
  )
);
create unique index api_tokens_hash on app_private.api_tokens (token_hash);

-- Only the server reads or writes it; on Supabase, PostgREST's roles see nothing.
revoke all on table app_private.api_tokens from public, anon, authenticated;
grant all on table app_private.api_tokens to service_role;
