-- Conversations reach their person (issue 23): messages sent without an account from the address
-- of an account already verified become that account's, as claimContactMessages does from now on
-- when an address is verified and at every sign-in (which also folds Gmail's dots and +tags).
UPDATE "contact_messages" AS m
SET "user_id" = u."id"
FROM "users" AS u
WHERE m."user_id" IS NULL
  AND u."email_verified"
  AND lower(u."email") = lower(m."email");
