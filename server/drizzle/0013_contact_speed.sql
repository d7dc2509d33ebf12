DROP INDEX "contact_messages_list_idx";--> statement-breakpoint
DROP INDEX "contact_messages_type_idx";--> statement-breakpoint
DROP INDEX "contact_messages_assignee_idx";--> statement-breakpoint
CREATE INDEX "contact_messages_list_idx" ON "contact_messages" USING btree ("created_at" DESC NULLS LAST,"id") WHERE "contact_messages"."merged_into_id" is null and "contact_messages"."state" <> 'spam';--> statement-breakpoint
CREATE INDEX "contact_messages_type_idx" ON "contact_messages" USING btree ("type","created_at" DESC NULLS LAST,"id") WHERE "contact_messages"."merged_into_id" is null and "contact_messages"."state" <> 'spam';--> statement-breakpoint
CREATE INDEX "contact_messages_assignee_idx" ON "contact_messages" USING btree ("assignee_id","created_at" DESC NULLS LAST,"id") WHERE "contact_messages"."merged_into_id" is null and "contact_messages"."state" <> 'spam';--> statement-breakpoint
-- Every process keeps staff's inbox in memory for a moment (modules/contact/list-cache.ts); a change
-- to what it shows tells every process to forget it: a message (sent, opened, replied to, assigned,
-- set to a state, merged, deleted), an account's name (the list shows its assignee's), or the
-- agency's time zone (the list's days).
CREATE FUNCTION "notify_contact_change"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('aylal_contact_changes', '');
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "contact_messages_changed" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "contact_messages"
  FOR EACH STATEMENT EXECUTE FUNCTION "notify_contact_change"();
--> statement-breakpoint
CREATE TRIGGER "users_renamed_contact" AFTER UPDATE OF "name" ON "users"
  FOR EACH ROW WHEN (OLD."name" IS DISTINCT FROM NEW."name") EXECUTE FUNCTION "notify_contact_change"();
--> statement-breakpoint
CREATE TRIGGER "consultation_hours_changed_contact" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "consultation_hours"
  FOR EACH STATEMENT EXECUTE FUNCTION "notify_contact_change"();
