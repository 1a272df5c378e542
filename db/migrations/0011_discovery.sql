CREATE TABLE "favorites" (
	"user_id" integer NOT NULL,
	"kind" varchar(7) NOT NULL,
	"target_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "favorites_user_id_kind_target_id_pk" PRIMARY KEY("user_id","kind","target_id")
);
--> statement-breakpoint
CREATE TABLE "posting_invites" (
	"id" serial PRIMARY KEY NOT NULL,
	"kind" varchar(7) NOT NULL,
	"posting_id" integer NOT NULL,
	"company_id" integer NOT NULL,
	"talent_id" integer NOT NULL,
	"inviter_id" integer,
	"message" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "posting_reminders" (
	"kind" varchar(7) NOT NULL,
	"posting_id" integer NOT NULL,
	"step" varchar(40) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "posting_reminders_kind_posting_id_step_pk" PRIMARY KEY("kind","posting_id","step")
);
--> statement-breakpoint
CREATE TABLE "saved_search_alerts" (
	"user_id" integer NOT NULL,
	"kind" varchar(7) NOT NULL,
	"posting_id" integer NOT NULL,
	"saved_search_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "saved_search_alerts_user_id_kind_posting_id_pk" PRIMARY KEY("user_id","kind","posting_id")
);
--> statement-breakpoint
CREATE TABLE "saved_searches" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"name" varchar(80) NOT NULL,
	"kind" varchar(7) NOT NULL,
	"query" jsonb NOT NULL,
	"alert" varchar(7) DEFAULT 'instant' NOT NULL,
	"required_terms" text[] DEFAULT '{}'::text[] NOT NULL,
	"min_pay" bigint,
	"max_pay" bigint,
	"currency" varchar(3),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "saved_searches_alert" CHECK ("saved_searches"."alert" in ('instant', 'daily', 'off'))
);
--> statement-breakpoint
ALTER TABLE "favorites" ADD CONSTRAINT "favorites_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "posting_invites" ADD CONSTRAINT "posting_invites_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "posting_invites" ADD CONSTRAINT "posting_invites_talent_id_users_id_fk" FOREIGN KEY ("talent_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "posting_invites" ADD CONSTRAINT "posting_invites_inviter_id_users_id_fk" FOREIGN KEY ("inviter_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "saved_search_alerts" ADD CONSTRAINT "saved_search_alerts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "saved_search_alerts" ADD CONSTRAINT "saved_search_alerts_saved_search_id_saved_searches_id_fk" FOREIGN KEY ("saved_search_id") REFERENCES "public"."saved_searches"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "saved_searches" ADD CONSTRAINT "saved_searches_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "favorites_user_idx" ON "favorites" USING btree ("user_id","kind","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "posting_invites_unique_idx" ON "posting_invites" USING btree ("kind","posting_id","talent_id");--> statement-breakpoint
CREATE INDEX "posting_invites_talent_idx" ON "posting_invites" USING btree ("talent_id","created_at");--> statement-breakpoint
CREATE INDEX "posting_invites_posting_idx" ON "posting_invites" USING btree ("kind","posting_id","created_at");--> statement-breakpoint
CREATE INDEX "saved_searches_user_idx" ON "saved_searches" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "saved_searches_terms_idx" ON "saved_searches" USING gin ("required_terms") WHERE "saved_searches"."alert" <> 'off';--> statement-breakpoint
CREATE INDEX "jobs_end_date_idx" ON "jobs" USING btree ("end_date") WHERE "jobs"."end_date" is not null;--> statement-breakpoint
CREATE INDEX "projects_end_date_idx" ON "projects" USING btree ("end_date") WHERE "projects"."end_date" is not null;