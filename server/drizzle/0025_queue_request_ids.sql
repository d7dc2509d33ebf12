-- Request ids (issue 26): the queued emails and pushes keep the id of the request that queued them,
-- so the delivery worker's log lines about them can be found with the request's.
ALTER TABLE "outbox" ADD COLUMN "request_id" text;--> statement-breakpoint
ALTER TABLE "push_deliveries" ADD COLUMN "request_id" text;