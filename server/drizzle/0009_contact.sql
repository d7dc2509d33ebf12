CREATE SEQUENCE "public"."contact_reference_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1;--> statement-breakpoint
CREATE TABLE "contact_events" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"message_id" uuid NOT NULL,
	"actor_id" text,
	"kind" text NOT NULL,
	"body" text DEFAULT '' NOT NULL,
	"state" text,
	"assignee_id" text,
	"reference" text,
	"email_message_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "contact_events_kind_check" CHECK ("contact_events"."kind" in ('received', 'reply', 'note', 'state', 'assign', 'merge'))
);
--> statement-breakpoint
CREATE TABLE "contact_messages" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"reference" text NOT NULL,
	"type" text NOT NULL,
	"state" text DEFAULT 'new' NOT NULL,
	"title" text NOT NULL,
	"name" text NOT NULL,
	"email" text NOT NULL,
	"contact" text DEFAULT '' NOT NULL,
	"language" text DEFAULT 'en' NOT NULL,
	"user_id" text,
	"assignee_id" text,
	"thread_id" text NOT NULL,
	"merged_into_id" uuid,
	"email_key" text NOT NULL,
	"client_hash" text NOT NULL,
	"search_text" text DEFAULT '' NOT NULL,
	"search_key" text DEFAULT '' NOT NULL,
	"staff_read_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "contact_messages_reference_unique" UNIQUE("reference"),
	CONSTRAINT "contact_messages_type_check" CHECK ("contact_messages"."type" in ('general', 'trips', 'visa', 'jobs')),
	CONSTRAINT "contact_messages_state_check" CHECK ("contact_messages"."state" in ('new', 'open', 'waiting', 'resolved', 'spam')),
	CONSTRAINT "contact_messages_language_check" CHECK ("contact_messages"."language" in ('en', 'mn')),
	CONSTRAINT "contact_messages_not_self_merged" CHECK ("contact_messages"."merged_into_id" is distinct from "contact_messages"."id")
);
--> statement-breakpoint
ALTER TABLE "outbox" ADD COLUMN "in_reply_to" text;--> statement-breakpoint
ALTER TABLE "outbox" ADD COLUMN "references" text;--> statement-breakpoint
ALTER TABLE "contact_events" ADD CONSTRAINT "contact_events_message_id_contact_messages_id_fk" FOREIGN KEY ("message_id") REFERENCES "public"."contact_messages"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contact_events" ADD CONSTRAINT "contact_events_actor_id_users_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contact_events" ADD CONSTRAINT "contact_events_assignee_id_users_id_fk" FOREIGN KEY ("assignee_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contact_messages" ADD CONSTRAINT "contact_messages_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contact_messages" ADD CONSTRAINT "contact_messages_assignee_id_users_id_fk" FOREIGN KEY ("assignee_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contact_messages" ADD CONSTRAINT "contact_messages_merged_into_id_contact_messages_id_fk" FOREIGN KEY ("merged_into_id") REFERENCES "public"."contact_messages"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "contact_events_message_idx" ON "contact_events" USING btree ("message_id","created_at");--> statement-breakpoint
CREATE INDEX "contact_messages_list_idx" ON "contact_messages" USING btree ("created_at" DESC NULLS LAST,"id") WHERE "contact_messages"."merged_into_id" is null;--> statement-breakpoint
CREATE INDEX "contact_messages_state_idx" ON "contact_messages" USING btree ("state","created_at" DESC NULLS LAST,"id") WHERE "contact_messages"."merged_into_id" is null;--> statement-breakpoint
CREATE INDEX "contact_messages_type_idx" ON "contact_messages" USING btree ("type","created_at" DESC NULLS LAST,"id") WHERE "contact_messages"."merged_into_id" is null;--> statement-breakpoint
CREATE INDEX "contact_messages_assignee_idx" ON "contact_messages" USING btree ("assignee_id","created_at" DESC NULLS LAST,"id") WHERE "contact_messages"."merged_into_id" is null;--> statement-breakpoint
CREATE INDEX "contact_messages_search_key_idx" ON "contact_messages" USING gin ("search_key" gin_trgm_ops) WHERE "contact_messages"."merged_into_id" is null;--> statement-breakpoint
CREATE INDEX "contact_messages_client_idx" ON "contact_messages" USING btree ("client_hash","created_at");--> statement-breakpoint
CREATE INDEX "contact_messages_email_idx" ON "contact_messages" USING btree ("email_key","created_at");--> statement-breakpoint
CREATE INDEX "contact_messages_user_idx" ON "contact_messages" USING btree ("user_id","created_at" DESC NULLS LAST);