CREATE TABLE "mail_outbox" (
	"id" serial PRIMARY KEY NOT NULL,
	"topic" varchar(80) NOT NULL,
	"user_id" integer NOT NULL,
	"type" varchar(40) NOT NULL,
	"message" text NOT NULL,
	"message_es" text NOT NULL,
	"link" text,
	"revision" integer DEFAULT 1 NOT NULL,
	"due_at" timestamp with time zone,
	"sent_at" timestamp with time zone,
	"locked_until" timestamp with time zone,
	"attempts" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
ALTER TABLE "notifications" ADD COLUMN "topic" varchar(80);--> statement-breakpoint
ALTER TABLE "mail_outbox" ADD CONSTRAINT "mail_outbox_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "mail_outbox_topic_user_idx" ON "mail_outbox" USING btree ("topic","user_id");--> statement-breakpoint
CREATE INDEX "mail_outbox_due_idx" ON "mail_outbox" USING btree ("due_at") WHERE "mail_outbox"."due_at" is not null;