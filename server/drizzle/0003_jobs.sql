CREATE TABLE "cvs" (
	"user_id" text PRIMARY KEY NOT NULL,
	"data" jsonb NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "job_applications" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"job_id" uuid,
	"user_id" text NOT NULL,
	"job_title_en" text DEFAULT '' NOT NULL,
	"job_title_mn" text DEFAULT '' NOT NULL,
	"company" text DEFAULT '' NOT NULL,
	"state" text DEFAULT 'submitted' NOT NULL,
	"cv" jsonb NOT NULL,
	"search_text" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "job_applications_job_user_unique" UNIQUE("job_id","user_id"),
	CONSTRAINT "job_applications_state_check" CHECK ("job_applications"."state" in ('submitted', 'reviewing', 'shortlisted', 'rejected', 'hired'))
);
--> statement-breakpoint
CREATE TABLE "job_materials" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"job_id" uuid NOT NULL,
	"position" integer NOT NULL,
	"file_key" text NOT NULL,
	"file_name" text NOT NULL,
	"content_type" text NOT NULL,
	"size" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "jobs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"status" text DEFAULT 'draft' NOT NULL,
	"title_en" text DEFAULT '' NOT NULL,
	"title_mn" text DEFAULT '' NOT NULL,
	"description_en" text DEFAULT '' NOT NULL,
	"description_mn" text DEFAULT '' NOT NULL,
	"company" text NOT NULL,
	"location_en" text DEFAULT '' NOT NULL,
	"location_mn" text DEFAULT '' NOT NULL,
	"type" text NOT NULL,
	"requirements_en" text DEFAULT '' NOT NULL,
	"requirements_mn" text DEFAULT '' NOT NULL,
	"responsibilities_en" text DEFAULT '' NOT NULL,
	"responsibilities_mn" text DEFAULT '' NOT NULL,
	"benefits_en" text DEFAULT '' NOT NULL,
	"benefits_mn" text DEFAULT '' NOT NULL,
	"skills" text[] DEFAULT '{}'::text[] NOT NULL,
	"deadline" date NOT NULL,
	"posted_at" timestamp with time zone,
	"search_text" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "jobs_status_check" CHECK ("jobs"."status" in ('draft', 'published', 'closed')),
	CONSTRAINT "jobs_type_check" CHECK ("jobs"."type" in ('full-time', 'part-time', 'contract', 'remote'))
);
--> statement-breakpoint
ALTER TABLE "cvs" ADD CONSTRAINT "cvs_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "job_applications" ADD CONSTRAINT "job_applications_job_id_jobs_id_fk" FOREIGN KEY ("job_id") REFERENCES "public"."jobs"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "job_applications" ADD CONSTRAINT "job_applications_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "job_materials" ADD CONSTRAINT "job_materials_job_id_jobs_id_fk" FOREIGN KEY ("job_id") REFERENCES "public"."jobs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "job_applications_user_idx" ON "job_applications" USING btree ("user_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "job_applications_job_state_idx" ON "job_applications" USING btree ("job_id","state");--> statement-breakpoint
CREATE INDEX "job_applications_created_idx" ON "job_applications" USING btree ("created_at" DESC NULLS LAST,"id");--> statement-breakpoint
CREATE INDEX "job_applications_search_text_idx" ON "job_applications" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "job_materials_job_position_idx" ON "job_materials" USING btree ("job_id","position");--> statement-breakpoint
CREATE INDEX "jobs_published_posted_idx" ON "jobs" USING btree ("posted_at" DESC NULLS LAST,"id") WHERE "jobs"."status" = 'published';--> statement-breakpoint
CREATE INDEX "jobs_search_text_idx" ON "jobs" USING gin ("search_text" gin_trgm_ops);