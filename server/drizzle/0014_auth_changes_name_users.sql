-- The auth change feed (migration 0006) says whose session or user changed: the payload of
-- NOTIFY aylal_auth_changes is the changed users' ids, comma-separated (ids only, nothing
-- personal), or '' when it cannot say (TRUNCATE, or too many for one payload: everyone is
-- looked at again). The live streams of those users are checked again at once (decision 024);
-- the session cache forgets everything, as before. Statement-level triggers, so a statement
-- that changes many rows sends one notification; a transition table cannot be declared on a
-- trigger of several events or with a column list, hence one trigger per event.
DROP TRIGGER "sessions_changed" ON "sessions";
--> statement-breakpoint
DROP TRIGGER "users_changed" ON "users";
--> statement-breakpoint
CREATE FUNCTION "notify_auth_change_of"(ids text) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  -- A NOTIFY payload must stay under 8000 bytes.
  PERFORM pg_notify('aylal_auth_changes', CASE WHEN length(ids) > 7000 THEN '' ELSE ids END);
END
$$;
--> statement-breakpoint
CREATE FUNCTION "notify_session_rows_change"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  ids text;
BEGIN
  SELECT string_agg(DISTINCT "user_id", ',') INTO ids FROM changed_rows;
  IF ids IS NOT NULL THEN PERFORM "notify_auth_change_of"(ids); END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE FUNCTION "notify_user_rows_delete"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  ids text;
BEGIN
  SELECT string_agg(DISTINCT "id", ',') INTO ids FROM changed_rows;
  IF ids IS NOT NULL THEN PERFORM "notify_auth_change_of"(ids); END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
-- Any column but the timestamps a sign-in or a save moves (so a column the session check comes
-- to read later, say a second factor's, is covered without touching this function).
CREATE FUNCTION "notify_user_rows_update"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  ids text;
BEGIN
  SELECT string_agg(DISTINCT n."id", ',') INTO ids
  FROM new_rows n JOIN old_rows o ON o."id" = n."id"
  WHERE to_jsonb(n) - 'updated_at' - 'last_login_at' IS DISTINCT FROM to_jsonb(o) - 'updated_at' - 'last_login_at';
  IF ids IS NOT NULL THEN PERFORM "notify_auth_change_of"(ids); END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "sessions_updated" AFTER UPDATE ON "sessions"
  REFERENCING OLD TABLE AS changed_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "notify_session_rows_change"();
--> statement-breakpoint
CREATE TRIGGER "sessions_deleted" AFTER DELETE ON "sessions"
  REFERENCING OLD TABLE AS changed_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "notify_session_rows_change"();
--> statement-breakpoint
CREATE TRIGGER "sessions_truncated" AFTER TRUNCATE ON "sessions"
  FOR EACH STATEMENT EXECUTE FUNCTION "notify_auth_change"();
--> statement-breakpoint
CREATE TRIGGER "users_updated" AFTER UPDATE ON "users"
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "notify_user_rows_update"();
--> statement-breakpoint
CREATE TRIGGER "users_deleted" AFTER DELETE ON "users"
  REFERENCING OLD TABLE AS changed_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "notify_user_rows_delete"();
--> statement-breakpoint
CREATE TRIGGER "users_truncated" AFTER TRUNCATE ON "users"
  FOR EACH STATEMENT EXECUTE FUNCTION "notify_auth_change"();
