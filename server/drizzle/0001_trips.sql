CREATE EXTENSION IF NOT EXISTS pg_trgm;
--> statement-breakpoint
CREATE TABLE "trip_departures" (
	"trip_id" uuid NOT NULL,
	"date" date NOT NULL,
	CONSTRAINT "trip_departures_trip_id_date_pk" PRIMARY KEY("trip_id","date")
);
--> statement-breakpoint
CREATE TABLE "trip_details" (
	"trip_id" uuid PRIMARY KEY NOT NULL,
	"description_en" text DEFAULT '' NOT NULL,
	"description_mn" text DEFAULT '' NOT NULL,
	"stops" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"itinerary" jsonb DEFAULT '[]'::jsonb NOT NULL
);
--> statement-breakpoint
CREATE TABLE "trip_images" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"trip_id" uuid NOT NULL,
	"position" integer NOT NULL,
	"file_key" text NOT NULL,
	"width" integer NOT NULL,
	"height" integer NOT NULL,
	"alt_en" text DEFAULT '' NOT NULL,
	"alt_mn" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "trips" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"status" text DEFAULT 'draft' NOT NULL,
	"title_en" text DEFAULT '' NOT NULL,
	"title_mn" text DEFAULT '' NOT NULL,
	"summary_en" text DEFAULT '' NOT NULL,
	"summary_mn" text DEFAULT '' NOT NULL,
	"continent" text NOT NULL,
	"country_en" text DEFAULT '' NOT NULL,
	"country_mn" text DEFAULT '' NOT NULL,
	"destination_en" text DEFAULT '' NOT NULL,
	"destination_mn" text DEFAULT '' NOT NULL,
	"type" text NOT NULL,
	"tags" text[] DEFAULT '{}'::text[] NOT NULL,
	"meal_plan" text NOT NULL,
	"duration_days" integer NOT NULL,
	"fare_cents" integer NOT NULL,
	"capacity" integer NOT NULL,
	"search_text" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "trips_status_check" CHECK ("trips"."status" in ('draft', 'published')),
	CONSTRAINT "trips_fare_check" CHECK ("trips"."fare_cents" >= 0),
	CONSTRAINT "trips_capacity_check" CHECK ("trips"."capacity" > 0),
	CONSTRAINT "trips_duration_check" CHECK ("trips"."duration_days" > 0)
);
--> statement-breakpoint
ALTER TABLE "trip_departures" ADD CONSTRAINT "trip_departures_trip_id_trips_id_fk" FOREIGN KEY ("trip_id") REFERENCES "public"."trips"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trip_details" ADD CONSTRAINT "trip_details_trip_id_trips_id_fk" FOREIGN KEY ("trip_id") REFERENCES "public"."trips"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trip_images" ADD CONSTRAINT "trip_images_trip_id_trips_id_fk" FOREIGN KEY ("trip_id") REFERENCES "public"."trips"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "trip_departures_date_idx" ON "trip_departures" USING btree ("date","trip_id");--> statement-breakpoint
CREATE INDEX "trip_images_trip_position_idx" ON "trip_images" USING btree ("trip_id","position");--> statement-breakpoint
CREATE INDEX "trips_published_created_idx" ON "trips" USING btree ("created_at" DESC NULLS LAST,"id") WHERE "trips"."status" = 'published';--> statement-breakpoint
CREATE INDEX "trips_published_fare_idx" ON "trips" USING btree ("fare_cents") WHERE "trips"."status" = 'published';--> statement-breakpoint
CREATE INDEX "trips_continent_type_idx" ON "trips" USING btree ("continent","type");--> statement-breakpoint
CREATE INDEX "trips_tags_idx" ON "trips" USING gin ("tags");--> statement-breakpoint
CREATE INDEX "trips_search_text_idx" ON "trips" USING gin ("search_text" gin_trgm_ops);