ALTER TABLE "visa_applications" ADD COLUMN "embassy_receipt" text;--> statement-breakpoint
ALTER TABLE "visa_applications" ADD COLUMN "lodged_on" text;--> statement-breakpoint
ALTER TABLE "visa_applications" ADD COLUMN "valid_from" text;--> statement-breakpoint
ALTER TABLE "visa_applications" ADD COLUMN "valid_to" text;--> statement-breakpoint
ALTER TABLE "visa_dependants" ADD COLUMN "latin_first_name" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "visa_dependants" ADD COLUMN "latin_last_name" text DEFAULT '' NOT NULL;