CREATE TABLE "passkeys" (
	"id" text PRIMARY KEY NOT NULL,
	"name" text,
	"public_key" text NOT NULL,
	"user_id" text NOT NULL,
	"credential_id" text NOT NULL,
	"counter" integer NOT NULL,
	"device_type" text NOT NULL,
	"backed_up" boolean NOT NULL,
	"transports" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"aaguid" text
);
--> statement-breakpoint
ALTER TABLE "passkeys" ADD CONSTRAINT "passkeys_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "passkeys_user_id_idx" ON "passkeys" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "passkeys_credential_id_key" ON "passkeys" USING btree ("credential_id");--> statement-breakpoint
-- Whether an admin has a second factor now also depends on their passkeys: adding or removing one
-- reaches every session cache and live stream like a change of the user (migration 0014's feed).
-- A sign-in's new signature counter (an UPDATE) changes nothing the session check reads.
CREATE TRIGGER "passkeys_inserted" AFTER INSERT ON "passkeys"
  REFERENCING NEW TABLE AS changed_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "notify_session_rows_change"();
--> statement-breakpoint
CREATE TRIGGER "passkeys_deleted" AFTER DELETE ON "passkeys"
  REFERENCING OLD TABLE AS changed_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "notify_session_rows_change"();
--> statement-breakpoint
CREATE TRIGGER "passkeys_truncated" AFTER TRUNCATE ON "passkeys"
  FOR EACH STATEMENT EXECUTE FUNCTION "notify_auth_change"();
