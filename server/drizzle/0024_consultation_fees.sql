-- Consultation fees (issue 25, decision 033): a fee per kind in Settings, fixed on the consultation
-- when booked; when it was paid; and whether a cancellation gives it back (the payments module does).
-- And the index of staff's payments list, newest first.
ALTER TABLE "consultation_events" DROP CONSTRAINT "consultation_events_kind_check";--> statement-breakpoint
ALTER TABLE "consultation_hours" ADD COLUMN "trip_fee_usd" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "consultation_hours" ADD COLUMN "visa_fee_usd" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "consultations" ADD COLUMN "fee_usd" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "consultations" ADD COLUMN "fee_paid_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "consultations" ADD COLUMN "fee_refund_due" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "consultations" ADD COLUMN "fee_refunded_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "consultations_fee_refund_due_idx" ON "consultations" USING btree ("id") WHERE "consultations"."fee_refund_due";--> statement-breakpoint
CREATE INDEX "payments_created_idx" ON "payments" USING btree ("created_at");--> statement-breakpoint
ALTER TABLE "consultation_events" ADD CONSTRAINT "consultation_events_kind_check" CHECK ("consultation_events"."kind" in ('booked', 'rescheduled', 'confirmed', 'completed', 'no-show', 'cancelled', 'note', 'place', 'paid'));--> statement-breakpoint
ALTER TABLE "consultation_hours" ADD CONSTRAINT "consultation_hours_fees_check" CHECK ("consultation_hours"."trip_fee_usd" between 0 and 100000 and "consultation_hours"."visa_fee_usd" between 0 and 100000);--> statement-breakpoint
ALTER TABLE "consultations" ADD CONSTRAINT "consultations_fee_check" CHECK ("consultations"."fee_usd" >= 0);