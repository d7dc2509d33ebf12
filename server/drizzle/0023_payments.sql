CREATE TABLE "payment_events" (
	"provider" text NOT NULL,
	"event_key" text NOT NULL,
	"payment_id" uuid,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payment_events_provider_event_key_pk" PRIMARY KEY("provider","event_key")
);
--> statement-breakpoint
CREATE TABLE "payment_history" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"payment_id" uuid NOT NULL,
	"from_state" text NOT NULL,
	"to_state" text NOT NULL,
	"actor_id" text,
	"amount" integer,
	"reason" text,
	"at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "payments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"purpose" text NOT NULL,
	"visa_application_id" uuid,
	"consultation_id" uuid,
	"user_id" text,
	"method" text NOT NULL,
	"state" text DEFAULT 'created' NOT NULL,
	"amount" integer NOT NULL,
	"currency" text NOT NULL,
	"refunded" integer DEFAULT 0 NOT NULL,
	"provider_ref" text,
	"provider_payment_ref" text,
	"instructions" jsonb,
	"expires_at" timestamp with time zone,
	"paid_at" timestamp with time zone,
	"recorded_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payments_purpose_check" CHECK ("payments"."purpose" in ('visa-processing', 'consultation')),
	CONSTRAINT "payments_method_check" CHECK ("payments"."method" in ('qpay', 'card', 'manual')),
	CONSTRAINT "payments_state_check" CHECK ("payments"."state" in ('created', 'pending', 'paid', 'expired', 'cancelled', 'failed', 'refund_pending', 'refunded', 'partially_refunded', 'refund_failed')),
	CONSTRAINT "payments_currency_check" CHECK ("payments"."currency" in ('MNT', 'USD')),
	CONSTRAINT "payments_amount_check" CHECK ("payments"."amount" > 0 and "payments"."refunded" between 0 and "payments"."amount")
);
--> statement-breakpoint
ALTER TABLE "payment_events" ADD CONSTRAINT "payment_events_payment_id_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."payments"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_history" ADD CONSTRAINT "payment_history_payment_id_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."payments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_history" ADD CONSTRAINT "payment_history_actor_id_users_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_visa_application_id_visa_applications_id_fk" FOREIGN KEY ("visa_application_id") REFERENCES "public"."visa_applications"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_consultation_id_consultations_id_fk" FOREIGN KEY ("consultation_id") REFERENCES "public"."consultations"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_recorded_by_users_id_fk" FOREIGN KEY ("recorded_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "payment_history_payment_idx" ON "payment_history" USING btree ("payment_id","at");--> statement-breakpoint
CREATE UNIQUE INDEX "payments_visa_holding_idx" ON "payments" USING btree ("visa_application_id") WHERE "payments"."state" in ('created', 'pending', 'paid', 'refund_pending', 'partially_refunded', 'refund_failed');--> statement-breakpoint
CREATE UNIQUE INDEX "payments_consultation_holding_idx" ON "payments" USING btree ("consultation_id") WHERE "payments"."state" in ('created', 'pending', 'paid', 'refund_pending', 'partially_refunded', 'refund_failed');--> statement-breakpoint
CREATE INDEX "payments_state_idx" ON "payments" USING btree ("state","updated_at");--> statement-breakpoint
CREATE INDEX "payments_user_idx" ON "payments" USING btree ("user_id");