ALTER TABLE "job_applications" ADD COLUMN "algorand_signer" varchar(58);--> statement-breakpoint
ALTER TABLE "job_applications" ADD COLUMN "near_signer" varchar(64);--> statement-breakpoint
ALTER TABLE "project_applications" ADD COLUMN "algorand_signer" varchar(58);--> statement-breakpoint
ALTER TABLE "project_applications" ADD COLUMN "near_signer" varchar(64);--> statement-breakpoint
-- Backfill: a record already stored takes as its signer the wallet its talent has saved now,
-- the one its verification compared the chain with until this migration: what verified before
-- still does, whatever wallet the talent saves later. A talent with no wallet of that network
-- saved leaves it null: that record did not verify before and does not now (docs/api.md
-- "Proofs"). The new columns are nullable without a default (no table rewrite), and only rows
-- holding a record are updated.
UPDATE "project_applications" AS a
  SET "algorand_signer" = CASE WHEN a."algorand_transaction" IS NOT NULL THEN u."algo_address" END,
      "near_signer" = CASE WHEN a."near_transaction" IS NOT NULL THEN u."near_wallet" END
  FROM "users" AS u
  WHERE u."id" = a."user_id"
    AND (a."algorand_transaction" IS NOT NULL OR a."near_transaction" IS NOT NULL);
--> statement-breakpoint
UPDATE "job_applications" AS a
  SET "algorand_signer" = CASE WHEN a."algorand_transaction" IS NOT NULL THEN u."algo_address" END,
      "near_signer" = CASE WHEN a."near_transaction" IS NOT NULL THEN u."near_wallet" END
  FROM "users" AS u
  WHERE u."id" = a."user_id"
    AND (a."algorand_transaction" IS NOT NULL OR a."near_transaction" IS NOT NULL);
