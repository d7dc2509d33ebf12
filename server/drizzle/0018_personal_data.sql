CREATE TABLE "access_records" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"kind" text NOT NULL,
	"actor_id" text,
	"actor_name" text NOT NULL,
	"actor_email" text NOT NULL,
	"application_id" uuid,
	"application_ids" uuid[] DEFAULT '{}'::uuid[] NOT NULL,
	"detail" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"ip" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "access_records_kind_check" CHECK ("access_records"."kind" in ('passport-reveal', 'document-open', 'staff-pdf', 'visa-csv'))
);
--> statement-breakpoint
CREATE TABLE "consents" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" text NOT NULL,
	"application_id" uuid,
	"kind" text NOT NULL,
	"version" text NOT NULL,
	"language" text NOT NULL,
	"wording" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "consents_kind_check" CHECK ("consents"."kind" in ('visa-sensitive-data'))
);
--> statement-breakpoint
CREATE TABLE "storage_removals" (
	"key" text PRIMARY KEY NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "visa_events" DROP CONSTRAINT "visa_events_kind_check";--> statement-breakpoint
ALTER TABLE "visa_applications" ADD COLUMN "decided_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "visa_applications" ADD COLUMN "held_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "visa_applications" ADD COLUMN "hold_reason" text;--> statement-breakpoint
ALTER TABLE "visa_applications" ADD COLUMN "purged_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "visa_applications" ADD COLUMN "draft_warned_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "visa_settings" ADD COLUMN "retention_approved_days" integer DEFAULT 180 NOT NULL;--> statement-breakpoint
ALTER TABLE "visa_settings" ADD COLUMN "retention_refused_days" integer DEFAULT 730 NOT NULL;--> statement-breakpoint
ALTER TABLE "visa_settings" ADD COLUMN "retention_withdrawn_days" integer DEFAULT 30 NOT NULL;--> statement-breakpoint
ALTER TABLE "consents" ADD CONSTRAINT "consents_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "consents" ADD CONSTRAINT "consents_application_id_visa_applications_id_fk" FOREIGN KEY ("application_id") REFERENCES "public"."visa_applications"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "access_records_application_idx" ON "access_records" USING btree ("application_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "access_records_application_ids_idx" ON "access_records" USING gin ("application_ids");--> statement-breakpoint
CREATE INDEX "access_records_created_idx" ON "access_records" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "consents_user_idx" ON "consents" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "consents_application_idx" ON "consents" USING btree ("application_id","created_at");--> statement-breakpoint
CREATE INDEX "visa_applications_decided_idx" ON "visa_applications" USING btree ("state","decided_at") WHERE "visa_applications"."decided_at" is not null and "visa_applications"."purged_at" is null;--> statement-breakpoint
CREATE INDEX "visa_applications_draft_updated_idx" ON "visa_applications" USING btree ("updated_at") WHERE "visa_applications"."state" = 'draft';--> statement-breakpoint
ALTER TABLE "visa_events" ADD CONSTRAINT "visa_events_kind_check" CHECK ("visa_events"."kind" in ('created', 'submitted', 'resubmitted', 'withdrawn', 'start-review', 'request-action', 'lodge', 'approve', 'refuse', 'note', 'payment', 'hold', 'release', 'purged'));--> statement-breakpoint
ALTER TABLE "visa_settings" ADD CONSTRAINT "visa_settings_retention_check" CHECK ("visa_settings"."retention_approved_days" between 1 and 3650 and "visa_settings"."retention_refused_days" between 1 and 3650 and "visa_settings"."retention_withdrawn_days" between 1 and 3650);--> statement-breakpoint
-- Applications decided before this migration count their retention from their last decision.
UPDATE "visa_applications" a SET "decided_at" = coalesce(
  (SELECT max(e."created_at") FROM "visa_events" e WHERE e."application_id" = a."id" AND e."kind" IN ('approve', 'refuse', 'withdrawn')),
  a."updated_at")
WHERE a."state" IN ('approved', 'refused', 'withdrawn');
--> statement-breakpoint
-- Access records are never changed, and deleted only once two years old (docs/decisions/027).
CREATE FUNCTION access_records_keep() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' AND OLD.created_at < now() - interval '2 years' THEN
    RETURN OLD;
  END IF;
  RAISE EXCEPTION 'access records are kept as written for two years' USING ERRCODE = 'insufficient_privilege';
END $$;
--> statement-breakpoint
CREATE TRIGGER access_records_keep BEFORE UPDATE OR DELETE ON "access_records"
  FOR EACH ROW EXECUTE FUNCTION access_records_keep();
--> statement-breakpoint
CREATE TRIGGER access_records_no_truncate BEFORE TRUNCATE ON "access_records"
  FOR EACH STATEMENT EXECUTE FUNCTION access_records_keep();
