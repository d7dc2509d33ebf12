-- Where a consultation happens (issue 23, decision 008): the office address in Settings, and per
-- consultation another place or a video link (never both); staff setting it is a 'place' event.
ALTER TABLE "consultation_events" DROP CONSTRAINT "consultation_events_kind_check";--> statement-breakpoint
ALTER TABLE "consultation_hours" ADD COLUMN "office_address" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "consultations" ADD COLUMN "place" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "consultations" ADD COLUMN "video_url" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "consultation_events" ADD CONSTRAINT "consultation_events_kind_check" CHECK ("consultation_events"."kind" in ('booked', 'rescheduled', 'confirmed', 'completed', 'no-show', 'cancelled', 'note', 'place'));--> statement-breakpoint
ALTER TABLE "consultations" ADD CONSTRAINT "consultations_place_or_video_check" CHECK ("consultations"."place" = '' or "consultations"."video_url" = '');