-- Every process keeps the staff dashboard's answers for a moment (modules/dashboard/cache.ts,
-- docs/decisions/020); a change to anything it counts or shows tells every process to forget them.
-- Statement-level where a change is rare or staff's own; row-level (as migration 0008) on visa
-- applications, whose drafts save themselves as people type and count nowhere.
CREATE FUNCTION "notify_dashboard_change"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('aylal_dashboard_changes', '');
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "users_changed_dashboard"
  AFTER INSERT OR UPDATE OF "name", "created_at" OR DELETE OR TRUNCATE ON "users"
  FOR EACH STATEMENT EXECUTE FUNCTION "notify_dashboard_change"();
--> statement-breakpoint
CREATE TRIGGER "consultations_changed_dashboard" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "consultations"
  FOR EACH STATEMENT EXECUTE FUNCTION "notify_dashboard_change"();
--> statement-breakpoint
CREATE TRIGGER "job_applications_changed_dashboard"
  AFTER INSERT OR UPDATE OF "state", "created_at" OR DELETE OR TRUNCATE ON "job_applications"
  FOR EACH STATEMENT EXECUTE FUNCTION "notify_dashboard_change"();
--> statement-breakpoint
CREATE TRIGGER "visa_applications_inserted_dashboard" AFTER INSERT ON "visa_applications"
  FOR EACH ROW WHEN (NEW."state" <> 'draft') EXECUTE FUNCTION "notify_dashboard_change"();
--> statement-breakpoint
CREATE TRIGGER "visa_applications_updated_dashboard" AFTER UPDATE ON "visa_applications"
  FOR EACH ROW WHEN (OLD."state" <> 'draft' OR NEW."state" <> 'draft') EXECUTE FUNCTION "notify_dashboard_change"();
--> statement-breakpoint
CREATE TRIGGER "visa_applications_deleted_dashboard" AFTER DELETE ON "visa_applications"
  FOR EACH ROW WHEN (OLD."state" <> 'draft') EXECUTE FUNCTION "notify_dashboard_change"();
--> statement-breakpoint
CREATE TRIGGER "visa_applications_truncated_dashboard" AFTER TRUNCATE ON "visa_applications"
  FOR EACH STATEMENT EXECUTE FUNCTION "notify_dashboard_change"();
--> statement-breakpoint
CREATE TRIGGER "visa_events_changed_dashboard" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "visa_events"
  FOR EACH STATEMENT EXECUTE FUNCTION "notify_dashboard_change"();
--> statement-breakpoint
CREATE TRIGGER "visa_payments_changed_dashboard" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "visa_payments"
  FOR EACH STATEMENT EXECUTE FUNCTION "notify_dashboard_change"();
--> statement-breakpoint
CREATE TRIGGER "trips_changed_dashboard" AFTER INSERT OR UPDATE OF "status" OR DELETE OR TRUNCATE ON "trips"
  FOR EACH STATEMENT EXECUTE FUNCTION "notify_dashboard_change"();
--> statement-breakpoint
CREATE TRIGGER "jobs_changed_dashboard" AFTER INSERT OR UPDATE OF "status", "deadline" OR DELETE OR TRUNCATE ON "jobs"
  FOR EACH STATEMENT EXECUTE FUNCTION "notify_dashboard_change"();
--> statement-breakpoint
CREATE TRIGGER "contact_messages_changed_dashboard"
  AFTER INSERT OR UPDATE OF "state", "merged_into_id", "created_at", "name", "reference" OR DELETE OR TRUNCATE
  ON "contact_messages"
  FOR EACH STATEMENT EXECUTE FUNCTION "notify_dashboard_change"();
--> statement-breakpoint
CREATE TRIGGER "consultation_hours_changed_dashboard" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "consultation_hours"
  FOR EACH STATEMENT EXECUTE FUNCTION "notify_dashboard_change"();
