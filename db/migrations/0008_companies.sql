CREATE TABLE "companies" (
	"id" serial PRIMARY KEY NOT NULL,
	"slug" varchar(80) NOT NULL,
	"name" varchar(150) NOT NULL,
	"logo_url" text,
	"about" text,
	"website" text,
	"country_code" varchar(2),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "company_audit" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"actor_id" integer,
	"action" varchar(40) NOT NULL,
	"target" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "company_invitations" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"email" varchar(254) NOT NULL,
	"role" varchar(10) NOT NULL,
	"token_hash" varchar(64) NOT NULL,
	"lang" varchar(2) DEFAULT 'en' NOT NULL,
	"invited_by" integer,
	"expires_at" timestamp with time zone NOT NULL,
	"accepted_at" timestamp with time zone,
	"revoked_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "company_members" (
	"company_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"role" varchar(10) NOT NULL,
	"joined_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "company_members_company_id_user_id_pk" PRIMARY KEY("company_id","user_id")
);
--> statement-breakpoint
-- Postings belong to a company (docs/product.md "Companies and teams"). Safe on a live database:
-- the column comes nullable (no rewrite), is filled below, and is then held NOT NULL through a
-- check validated first, so that SET NOT NULL needs no second scan.
ALTER TABLE "jobs" ADD COLUMN "company_id" integer;--> statement-breakpoint
ALTER TABLE "projects" ADD COLUMN "company_id" integer;--> statement-breakpoint
ALTER TABLE "company_audit" ADD CONSTRAINT "company_audit_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "company_audit" ADD CONSTRAINT "company_audit_actor_id_users_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "company_invitations" ADD CONSTRAINT "company_invitations_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "company_invitations" ADD CONSTRAINT "company_invitations_invited_by_users_id_fk" FOREIGN KEY ("invited_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "company_members" ADD CONSTRAINT "company_members_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "company_members" ADD CONSTRAINT "company_members_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "companies_slug_idx" ON "companies" USING btree ("slug");--> statement-breakpoint
CREATE INDEX "company_audit_company_idx" ON "company_audit" USING btree ("company_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "company_invitations_token_idx" ON "company_invitations" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "company_invitations_company_idx" ON "company_invitations" USING btree ("company_id","created_at");--> statement-breakpoint
CREATE INDEX "company_members_user_idx" ON "company_members" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "jobs_company_idx" ON "jobs" USING btree ("company_id","created_at");--> statement-breakpoint
CREATE INDEX "projects_company_idx" ON "projects" USING btree ("company_id","created_at");;--> statement-breakpoint
-- A company's address: its name, lower case, without accents, words joined by "-".
CREATE FUNCTION public.tc_slug(input text) RETURNS text
  LANGUAGE sql IMMUTABLE PARALLEL SAFE STRICT
  RETURN coalesce(nullif(left(btrim(regexp_replace(btrim(public.tc_search_norm(input)), '[^a-z0-9]+', '-', 'g'), '-'), 60), ''), 'company');
--> statement-breakpoint
-- A posting written without a company (an instance of the previous version during a rolling
-- deploy) goes to its author's first company.
CREATE FUNCTION tc_posting_company() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.company_id IS NULL THEN
    SELECT m.company_id INTO NEW.company_id FROM company_members m
      WHERE m.user_id = NEW.owner_id ORDER BY m.joined_at, m.company_id LIMIT 1;
  END IF;
  RETURN NEW;
END $$;
--> statement-breakpoint
CREATE TRIGGER projects_company BEFORE INSERT ON projects
  FOR EACH ROW EXECUTE FUNCTION tc_posting_company();
--> statement-breakpoint
CREATE TRIGGER jobs_company BEFORE INSERT ON jobs
  FOR EACH ROW EXECUTE FUNCTION tc_posting_company();
--> statement-breakpoint
-- Every business, and anyone who already posted, gets a company of their own with them as owner,
-- named after the workplace they run (or themselves), and their postings move to it.
DO $$
DECLARE
  u record;
  company integer;
  base text;
BEGIN
  FOR u IN
    SELECT x.id, x.created_at, coalesce(
      (SELECT nullif(btrim(w.workplace_name), '') FROM user_workplaces w
        WHERE w.user_id = x.id AND w.enable_business
        ORDER BY w.work_here DESC, w.start_date DESC LIMIT 1),
      nullif(btrim(x.name || ' ' || x.last_name), ''), 'Company') AS company_name
    FROM users x
    WHERE NOT x.is_talent
       OR EXISTS (SELECT 1 FROM projects p WHERE p.owner_id = x.id)
       OR EXISTS (SELECT 1 FROM jobs j WHERE j.owner_id = x.id)
    ORDER BY x.id
  LOOP
    base := public.tc_slug(u.company_name);
    INSERT INTO companies (slug, name, created_at, updated_at)
      VALUES (base || '-tmp-' || u.id, left(u.company_name, 150), u.created_at, u.created_at)
      RETURNING id INTO company;
    UPDATE companies SET slug = CASE
        WHEN EXISTS (SELECT 1 FROM companies c WHERE c.slug = base) THEN base || '-' || company
        ELSE base END
      WHERE id = company;
    INSERT INTO company_members (company_id, user_id, role, joined_at)
      VALUES (company, u.id, 'owner', u.created_at);
    UPDATE projects SET company_id = company WHERE owner_id = u.id;
    UPDATE jobs SET company_id = company WHERE owner_id = u.id;
  END LOOP;
END $$;
--> statement-breakpoint
ALTER TABLE "projects" ADD CONSTRAINT "projects_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action NOT VALID;--> statement-breakpoint
ALTER TABLE "projects" VALIDATE CONSTRAINT "projects_company_id_companies_id_fk";--> statement-breakpoint
ALTER TABLE "jobs" ADD CONSTRAINT "jobs_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action NOT VALID;--> statement-breakpoint
ALTER TABLE "jobs" VALIDATE CONSTRAINT "jobs_company_id_companies_id_fk";--> statement-breakpoint
ALTER TABLE "projects" ADD CONSTRAINT "projects_company_id_present" CHECK ("company_id" IS NOT NULL) NOT VALID;--> statement-breakpoint
ALTER TABLE "projects" VALIDATE CONSTRAINT "projects_company_id_present";--> statement-breakpoint
ALTER TABLE "projects" ALTER COLUMN "company_id" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "projects" DROP CONSTRAINT "projects_company_id_present";--> statement-breakpoint
ALTER TABLE "jobs" ADD CONSTRAINT "jobs_company_id_present" CHECK ("company_id" IS NOT NULL) NOT VALID;--> statement-breakpoint
ALTER TABLE "jobs" VALIDATE CONSTRAINT "jobs_company_id_present";--> statement-breakpoint
ALTER TABLE "jobs" ALTER COLUMN "company_id" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "jobs" DROP CONSTRAINT "jobs_company_id_present";
