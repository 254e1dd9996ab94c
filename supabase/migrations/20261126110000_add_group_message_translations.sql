-- A message to testers may have a text per language: its subject and body are the default
-- language's, and `translations` holds every other language's text as sent
-- ({"de": {"subject": "…", "body": "…"}}). Null: one text for everyone, who then get it in the
-- default language's frame. The row is written in the same transaction as before, so an accepted
-- message keeps all its texts across a crash. docs/decisions/tester-messages-per-language.md
alter table app_private.group_messages
  add column translations jsonb,
  add constraint group_messages_translations_object check (
    translations is null or jsonb_typeof(translations) = 'object'
  );
