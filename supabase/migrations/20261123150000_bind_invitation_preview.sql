-- Issue 15: a confirmation invites exactly the people its preview listed. The ids of a session's
-- latest preview are kept with the session (any process may answer the confirmation); the
-- confirmation must name the same ids, and uses them up.
alter table app_private.owner_sessions add column invitation_preview bigint[];
