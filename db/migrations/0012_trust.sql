CREATE TABLE "operator_audit" (
	"id" serial PRIMARY KEY NOT NULL,
	"operator_id" integer,
	"action" varchar(40) NOT NULL,
	"target" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "reports" (
	"id" serial PRIMARY KEY NOT NULL,
	"reporter_id" integer,
	"target_kind" varchar(8) NOT NULL,
	"target_id" integer NOT NULL,
	"target_posting_kind" varchar(7),
	"target_user_id" integer,
	"reason" text NOT NULL,
	"status" varchar(9) DEFAULT 'open' NOT NULL,
	"resolved_by" integer,
	"resolved_at" timestamp with time zone,
	"note" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "reports_target_kind" CHECK ("reports"."target_kind" in ('posting', 'profile', 'message', 'review')),
	CONSTRAINT "reports_status" CHECK ("reports"."status" in ('open', 'dismissed', 'hidden', 'suspended')),
	CONSTRAINT "reports_reason_len" CHECK (char_length("reports"."reason") between 1 and 1000)
);
--> statement-breakpoint
CREATE TABLE "review_reminders" (
	"kind" varchar(7) NOT NULL,
	"application_id" integer NOT NULL,
	"step" varchar(10) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "review_reminders_kind_application_id_step_pk" PRIMARY KEY("kind","application_id","step")
);
--> statement-breakpoint
CREATE TABLE "reviews" (
	"id" serial PRIMARY KEY NOT NULL,
	"kind" varchar(7) NOT NULL,
	"application_id" integer NOT NULL,
	"side" varchar(7) NOT NULL,
	"company_id" integer NOT NULL,
	"talent_id" integer NOT NULL,
	"author_id" integer,
	"rating" smallint NOT NULL,
	"body" text NOT NULL,
	"lang" varchar(2) DEFAULT 'en' NOT NULL,
	"reply_body" text,
	"reply_author_id" integer,
	"replied_at" timestamp with time zone,
	"hidden_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "reviews_side" CHECK ("reviews"."side" in ('talent', 'company')),
	CONSTRAINT "reviews_rating" CHECK ("reviews"."rating" between 1 and 5),
	CONSTRAINT "reviews_body_len" CHECK (char_length("reviews"."body") between 1 and 2000),
	CONSTRAINT "reviews_reply_len" CHECK ("reviews"."reply_body" is null or char_length("reviews"."reply_body") between 1 and 2000)
);
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "email_verified_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "is_operator" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "suspended_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "hidden_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "deleted_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "jobs" ADD COLUMN "finished_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "jobs" ADD COLUMN "hidden_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "jobs" ADD COLUMN "hidden_by" varchar(10);--> statement-breakpoint
ALTER TABLE "projects" ADD COLUMN "finished_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "projects" ADD COLUMN "hidden_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "projects" ADD COLUMN "hidden_by" varchar(10);--> statement-breakpoint
ALTER TABLE "conversation_messages" ADD COLUMN "hidden_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "operator_audit" ADD CONSTRAINT "operator_audit_operator_id_users_id_fk" FOREIGN KEY ("operator_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reports" ADD CONSTRAINT "reports_reporter_id_users_id_fk" FOREIGN KEY ("reporter_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reports" ADD CONSTRAINT "reports_target_user_id_users_id_fk" FOREIGN KEY ("target_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reports" ADD CONSTRAINT "reports_resolved_by_users_id_fk" FOREIGN KEY ("resolved_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reviews" ADD CONSTRAINT "reviews_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reviews" ADD CONSTRAINT "reviews_talent_id_users_id_fk" FOREIGN KEY ("talent_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reviews" ADD CONSTRAINT "reviews_author_id_users_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reviews" ADD CONSTRAINT "reviews_reply_author_id_users_id_fk" FOREIGN KEY ("reply_author_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "operator_audit_created_idx" ON "operator_audit" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "reports_status_idx" ON "reports" USING btree ("status","created_at");--> statement-breakpoint
CREATE INDEX "reports_reporter_idx" ON "reports" USING btree ("reporter_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "reports_open_unique_idx" ON "reports" USING btree ("reporter_id","target_kind",coalesce("target_posting_kind", ''),"target_id") WHERE "reports"."status" = 'open';--> statement-breakpoint
CREATE UNIQUE INDEX "reviews_unique_idx" ON "reviews" USING btree ("kind","application_id","side");--> statement-breakpoint
CREATE INDEX "reviews_talent_idx" ON "reviews" USING btree ("talent_id","created_at") WHERE "reviews"."side" = 'company';--> statement-breakpoint
CREATE INDEX "reviews_company_idx" ON "reviews" USING btree ("company_id","created_at") WHERE "reviews"."side" = 'talent';--> statement-breakpoint
-- Work finished before this version opens its review window at its last change.
UPDATE "projects" SET "finished_at" = "updated_at" WHERE "project_status_id" = 3;--> statement-breakpoint
UPDATE "jobs" SET "finished_at" = "updated_at" WHERE "job_status_id" = 3;--> statement-breakpoint
-- Google confirms the addresses it signs in (server/services/users/login.ts).
UPDATE "users" SET "email_verified_at" = "created_at" WHERE "google_sub" IS NOT NULL;
