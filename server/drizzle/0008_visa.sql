CREATE SEQUENCE "public"."visa_reference_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1;--> statement-breakpoint
CREATE TABLE "visa_applications" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" text NOT NULL,
	"reference" text,
	"state" text DEFAULT 'draft' NOT NULL,
	"form" jsonb NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"prefilled" text[] DEFAULT '{}'::text[] NOT NULL,
	"country" text DEFAULT '' NOT NULL,
	"name" text DEFAULT '' NOT NULL,
	"search_text" text DEFAULT '' NOT NULL,
	"search_key" text DEFAULT '' NOT NULL,
	"email" text DEFAULT '' NOT NULL,
	"passport_last4" text DEFAULT '' NOT NULL,
	"action_section" text,
	"action_message" text,
	"language" text DEFAULT 'en' NOT NULL,
	"submitted_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "visa_applications_reference_unique" UNIQUE("reference"),
	CONSTRAINT "visa_applications_state_check" CHECK ("visa_applications"."state" in ('draft', 'submitted', 'in-review', 'action-required', 'lodged', 'approved', 'refused', 'withdrawn')),
	CONSTRAINT "visa_applications_language_check" CHECK ("visa_applications"."language" in ('en', 'mn'))
);
--> statement-breakpoint
CREATE TABLE "visa_dependants" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"application_id" uuid NOT NULL,
	"position" integer NOT NULL,
	"first_name" text NOT NULL,
	"last_name" text NOT NULL,
	"name_key" text NOT NULL,
	"relationship" text NOT NULL,
	"date_of_birth" text DEFAULT '' NOT NULL,
	"nationality" text DEFAULT '' NOT NULL,
	"passport_number" text DEFAULT '' NOT NULL,
	"passport_expiry_date" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "visa_dependants_name_unique" UNIQUE("application_id","name_key"),
	CONSTRAINT "visa_dependants_relationship_check" CHECK ("visa_dependants"."relationship" in ('spouse', 'child', 'parent', 'sibling', 'other'))
);
--> statement-breakpoint
CREATE TABLE "visa_documents" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"application_id" uuid NOT NULL,
	"dependant_id" uuid,
	"kind" text NOT NULL,
	"file_key" text NOT NULL,
	"file_name" text NOT NULL,
	"content_type" text NOT NULL,
	"size" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "visa_documents_person_kind_unique" UNIQUE NULLS NOT DISTINCT("application_id","dependant_id","kind"),
	CONSTRAINT "visa_documents_kind_check" CHECK ("visa_documents"."kind" in ('passport', 'photo', 'bank-statement', 'invitation', 'other'))
);
--> statement-breakpoint
CREATE TABLE "visa_events" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"application_id" uuid NOT NULL,
	"actor_id" text,
	"kind" text NOT NULL,
	"state" text,
	"section" text,
	"message" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "visa_events_kind_check" CHECK ("visa_events"."kind" in ('created', 'submitted', 'resubmitted', 'withdrawn', 'start-review', 'request-action', 'lodge', 'approve', 'refuse', 'note', 'payment'))
);
--> statement-breakpoint
CREATE TABLE "visa_payments" (
	"application_id" uuid PRIMARY KEY NOT NULL,
	"state" text DEFAULT 'awaiting-payment' NOT NULL,
	"amount_usd" integer NOT NULL,
	"provider" text,
	"provider_ref" text,
	"updated_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "visa_payments_state_check" CHECK ("visa_payments"."state" in ('awaiting-payment', 'paid', 'waived', 'refunded')),
	CONSTRAINT "visa_payments_amount_check" CHECK ("visa_payments"."amount_usd" >= 0)
);
--> statement-breakpoint
CREATE TABLE "visa_settings" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"processing_price_usd" integer DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" text,
	CONSTRAINT "visa_settings_single_row" CHECK ("visa_settings"."id" = 1),
	CONSTRAINT "visa_settings_price_check" CHECK ("visa_settings"."processing_price_usd" >= 0)
);
--> statement-breakpoint
ALTER TABLE "consultations" ADD COLUMN "visa_application_id" uuid;--> statement-breakpoint
ALTER TABLE "visa_applications" ADD CONSTRAINT "visa_applications_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "visa_dependants" ADD CONSTRAINT "visa_dependants_application_id_visa_applications_id_fk" FOREIGN KEY ("application_id") REFERENCES "public"."visa_applications"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "visa_documents" ADD CONSTRAINT "visa_documents_application_id_visa_applications_id_fk" FOREIGN KEY ("application_id") REFERENCES "public"."visa_applications"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "visa_documents" ADD CONSTRAINT "visa_documents_dependant_id_visa_dependants_id_fk" FOREIGN KEY ("dependant_id") REFERENCES "public"."visa_dependants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "visa_events" ADD CONSTRAINT "visa_events_application_id_visa_applications_id_fk" FOREIGN KEY ("application_id") REFERENCES "public"."visa_applications"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "visa_events" ADD CONSTRAINT "visa_events_actor_id_users_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "visa_payments" ADD CONSTRAINT "visa_payments_application_id_visa_applications_id_fk" FOREIGN KEY ("application_id") REFERENCES "public"."visa_applications"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "visa_payments" ADD CONSTRAINT "visa_payments_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "visa_settings" ADD CONSTRAINT "visa_settings_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "visa_applications_user_idx" ON "visa_applications" USING btree ("user_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "visa_applications_submitted_idx" ON "visa_applications" USING btree ("submitted_at" DESC NULLS LAST,"id") WHERE "visa_applications"."state" <> 'draft';--> statement-breakpoint
CREATE INDEX "visa_applications_state_submitted_idx" ON "visa_applications" USING btree ("state","submitted_at" DESC NULLS LAST,"id") WHERE "visa_applications"."state" <> 'draft';--> statement-breakpoint
CREATE INDEX "visa_applications_country_submitted_idx" ON "visa_applications" USING btree ("country","submitted_at" DESC NULLS LAST,"id") WHERE "visa_applications"."state" <> 'draft';--> statement-breakpoint
CREATE INDEX "visa_applications_search_key_idx" ON "visa_applications" USING gin ("search_key" gin_trgm_ops) WHERE "visa_applications"."state" <> 'draft';--> statement-breakpoint
CREATE INDEX "visa_dependants_application_idx" ON "visa_dependants" USING btree ("application_id","position");--> statement-breakpoint
CREATE INDEX "visa_events_application_idx" ON "visa_events" USING btree ("application_id","created_at");--> statement-breakpoint
CREATE INDEX "visa_payments_state_idx" ON "visa_payments" USING btree ("state");--> statement-breakpoint
ALTER TABLE "consultations" ADD CONSTRAINT "consultations_visa_application_id_visa_applications_id_fk" FOREIGN KEY ("visa_application_id") REFERENCES "public"."visa_applications"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "consultations_visa_idx" ON "consultations" USING btree ("visa_application_id");--> statement-breakpoint
INSERT INTO "visa_settings" ("id") VALUES (1) ON CONFLICT DO NOTHING;--> statement-breakpoint
-- Every process keeps staff's list of applications in memory for a moment
-- (modules/visa/list-cache.ts); a change to what it shows tells every process to forget it: an
-- application, its payment or dependants, or the agency's time zone (the list's days). Drafts are
-- the applicant's alone: saving one tells nobody.
CREATE FUNCTION "notify_visa_change"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('aylal_visa_changes', '');
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "visa_applications_inserted" AFTER INSERT ON "visa_applications"
  FOR EACH ROW WHEN (NEW."state" <> 'draft') EXECUTE FUNCTION "notify_visa_change"();
--> statement-breakpoint
CREATE TRIGGER "visa_applications_updated" AFTER UPDATE ON "visa_applications"
  FOR EACH ROW WHEN (OLD."state" <> 'draft' OR NEW."state" <> 'draft') EXECUTE FUNCTION "notify_visa_change"();
--> statement-breakpoint
CREATE TRIGGER "visa_applications_deleted" AFTER DELETE ON "visa_applications"
  FOR EACH ROW WHEN (OLD."state" <> 'draft') EXECUTE FUNCTION "notify_visa_change"();
--> statement-breakpoint
CREATE TRIGGER "visa_applications_truncated" AFTER TRUNCATE ON "visa_applications"
  FOR EACH STATEMENT EXECUTE FUNCTION "notify_visa_change"();
--> statement-breakpoint
CREATE TRIGGER "visa_payments_changed" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "visa_payments"
  FOR EACH STATEMENT EXECUTE FUNCTION "notify_visa_change"();
--> statement-breakpoint
CREATE TRIGGER "visa_dependants_changed" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "visa_dependants"
  FOR EACH STATEMENT EXECUTE FUNCTION "notify_visa_change"();
--> statement-breakpoint
CREATE TRIGGER "consultation_hours_changed_visa" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "consultation_hours"
  FOR EACH STATEMENT EXECUTE FUNCTION "notify_visa_change"();
