CREATE TABLE "consultation_events" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"consultation_id" uuid NOT NULL,
	"actor_id" text,
	"kind" text NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"previous_starts_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "consultation_events_kind_check" CHECK ("consultation_events"."kind" in ('booked', 'rescheduled', 'confirmed', 'completed', 'no-show', 'cancelled', 'note'))
);
--> statement-breakpoint
CREATE TABLE "consultation_hours" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"weekdays" integer[] NOT NULL,
	"day_start" text NOT NULL,
	"day_end" text NOT NULL,
	"slot_minutes" integer NOT NULL,
	"time_zone" text NOT NULL,
	"horizon_days" integer NOT NULL,
	"lead_hours" integer NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" text,
	CONSTRAINT "consultation_hours_single_row" CHECK ("consultation_hours"."id" = 1)
);
--> statement-breakpoint
CREATE TABLE "consultations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" text NOT NULL,
	"trip_id" uuid,
	"trip_title_en" text DEFAULT '' NOT NULL,
	"trip_title_mn" text DEFAULT '' NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	"state" text DEFAULT 'pending' NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"language" text DEFAULT 'en' NOT NULL,
	"time_zone" text DEFAULT 'Asia/Ulaanbaatar' NOT NULL,
	"sequence" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "consultations_state_check" CHECK ("consultations"."state" in ('pending', 'confirmed', 'completed', 'cancelled', 'no-show')),
	CONSTRAINT "consultations_time_check" CHECK ("consultations"."ends_at" > "consultations"."starts_at"),
	CONSTRAINT "consultations_language_check" CHECK ("consultations"."language" in ('en', 'mn'))
);
--> statement-breakpoint
ALTER TABLE "outbox" ADD COLUMN "calendar" text;--> statement-breakpoint
ALTER TABLE "consultation_events" ADD CONSTRAINT "consultation_events_consultation_id_consultations_id_fk" FOREIGN KEY ("consultation_id") REFERENCES "public"."consultations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "consultation_events" ADD CONSTRAINT "consultation_events_actor_id_users_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "consultation_hours" ADD CONSTRAINT "consultation_hours_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "consultations" ADD CONSTRAINT "consultations_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "consultations" ADD CONSTRAINT "consultations_trip_id_trips_id_fk" FOREIGN KEY ("trip_id") REFERENCES "public"."trips"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "consultation_events_consultation_idx" ON "consultation_events" USING btree ("consultation_id","created_at");--> statement-breakpoint
CREATE INDEX "consultations_user_starts_idx" ON "consultations" USING btree ("user_id","starts_at");--> statement-breakpoint
CREATE INDEX "consultations_starts_idx" ON "consultations" USING btree ("starts_at");--> statement-breakpoint
CREATE INDEX "consultations_trip_idx" ON "consultations" USING btree ("trip_id");--> statement-breakpoint
-- Written by hand (drizzle-kit cannot express it): no two active consultations overlap in time.
-- Two people racing for one slot cannot both get it; the loser's insert fails with 23P01.
ALTER TABLE "consultations" ADD CONSTRAINT "consultations_no_overlap" EXCLUDE USING gist (tstzrange("starts_at", "ends_at") WITH &&) WHERE ("state" in ('pending', 'confirmed'));
