-- Every process keeps signed-in users in memory for a moment (plugins/session-cache.ts); a change
-- to a session or to what the session check reads of a user tells every process to forget them.
CREATE FUNCTION "notify_auth_change"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('aylal_auth_changes', '');
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "sessions_changed" AFTER UPDATE OR DELETE OR TRUNCATE ON "sessions"
  FOR EACH STATEMENT EXECUTE FUNCTION "notify_auth_change"();
--> statement-breakpoint
CREATE TRIGGER "users_changed"
  AFTER UPDATE OF "name", "email", "image", "role", "banned", "ban_expires", "phone_number", "has_cv", "has_visa", "has_profile"
  OR DELETE OR TRUNCATE ON "users"
  FOR EACH STATEMENT EXECUTE FUNCTION "notify_auth_change"();
