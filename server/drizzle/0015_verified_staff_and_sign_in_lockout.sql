CREATE TABLE "staff_demotions" (
	"email" text PRIMARY KEY NOT NULL,
	"demoted_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "staff_demotions_email_lower_check" CHECK ("staff_demotions"."email" = lower("staff_demotions"."email"))
);
--> statement-breakpoint
ALTER TABLE "auth_attempts" DROP CONSTRAINT "auth_attempts_kind_check";--> statement-breakpoint
ALTER TABLE "auth_attempts" ADD CONSTRAINT "auth_attempts_kind_check" CHECK ("auth_attempts"."kind" in ('sign-in-failure', 'device-sign-in-failure', 'reset-mail', 'verify-mail', 'sign-in-link-mail'));--> statement-breakpoint
-- Admins demoted before this migration stay demoted by address: their latest role change in the
-- history took them from admin to user.
INSERT INTO "staff_demotions" ("email", "demoted_at")
SELECT lower(u."email"), last_change."created_at"
FROM "users" u
CROSS JOIN LATERAL (
  SELECT a."changes", a."created_at" FROM "audit_log" a
  WHERE a."entity_type" = 'user' AND a."entity_id" = u."id" AND a."action" = 'role'
  ORDER BY a."created_at" DESC LIMIT 1
) last_change
WHERE u."role" = 'user' AND last_change."changes" -> 'role' ->> 'from' = 'admin'
ON CONFLICT DO NOTHING;
-- Whether the address is verified reaches every session cache through migration 0014's
-- users_updated trigger, which covers every column but the sign-in timestamps.
