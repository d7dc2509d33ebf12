-- Decision 022, for installations that ran before it: ADMIN_EMAILS used to make an account an
-- admin at sign-up, unverified. Such an account (an admin whose address is not verified and whose
-- promotion no history row records: staff's promotions and those of verified addresses write one)
-- becomes a user again; its owner gets the role back by opening the verification link (the profile
-- sends a new one) while the address is listed. The history says so, with no staff member behind it.
WITH demoted AS (
  UPDATE "users" u SET "role" = 'user', "updated_at" = now()
  WHERE u."role" = 'admin'
    AND NOT u."email_verified"
    AND NOT EXISTS (
      SELECT 1 FROM "audit_log" a
      WHERE a."entity_type" = 'user' AND a."entity_id" = u."id" AND a."action" = 'role'
        AND a."changes" -> 'role' ->> 'to' = 'admin'
    )
  RETURNING u."id"
)
INSERT INTO "audit_log" ("actor_user_id", "entity_type", "entity_id", "action", "changes")
SELECT NULL, 'user', "id", 'role', '{"role": {"from": "admin", "to": "user"}}'::jsonb FROM demoted;
