-- Search (docs/api.md "Search"): unaccent and pg_trgm ship with PostgreSQL's contrib (Debian's
-- postgresql package) and with PGlite (loaded by db/client.ts); both are trusted extensions, so the
-- database's owner may create them.
CREATE EXTENSION IF NOT EXISTS unaccent SCHEMA public;--> statement-breakpoint
CREATE EXTENSION IF NOT EXISTS pg_trgm SCHEMA public;--> statement-breakpoint
-- The text search matches: lower case, without accents, ASCII punctuation and spaces as single
-- spaces, with a space at each end, so that "% word%" (LIKE) finds a word that starts with "word".
-- unaccent() is only STABLE (its dictionary could change); naming the dictionary and declaring
-- this wrapper IMMUTABLE is what lets a generated column and an index use it.
CREATE OR REPLACE FUNCTION public.tc_search_norm(input text) RETURNS text
  LANGUAGE sql IMMUTABLE PARALLEL SAFE STRICT
  RETURN ' ' || btrim(regexp_replace(lower(public.unaccent('public.unaccent'::regdictionary, input)), '[[:space:][:punct:]¡¿«»·]+', ' ', 'g')) || ' ';--> statement-breakpoint
ALTER TABLE "jobs" ADD COLUMN "search_doc" text GENERATED ALWAYS AS (public.tc_search_norm(name || ' ' || summary || ' ' || description || ' ' || skills::text)) STORED;--> statement-breakpoint
ALTER TABLE "jobs" ADD COLUMN "skills_lower" jsonb GENERATED ALWAYS AS (lower(skills::text)::jsonb) STORED;--> statement-breakpoint
ALTER TABLE "projects" ADD COLUMN "search_doc" text GENERATED ALWAYS AS (public.tc_search_norm(name || ' ' || summary || ' ' || description || ' ' || skills::text)) STORED;--> statement-breakpoint
ALTER TABLE "projects" ADD COLUMN "skills_lower" jsonb GENERATED ALWAYS AS (lower(skills::text)::jsonb) STORED;--> statement-breakpoint
CREATE INDEX "users_talent_search_idx" ON "users" USING gin (public.tc_search_norm("name" || ' ' || "last_name" || ' ' || coalesce("headline", '')) gin_trgm_ops) WHERE "users"."is_talent";--> statement-breakpoint
CREATE INDEX "jobs_search_idx" ON "jobs" USING gin ("search_doc" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "jobs_skills_idx" ON "jobs" USING gin ("skills_lower" jsonb_path_ops);--> statement-breakpoint
CREATE INDEX "projects_search_idx" ON "projects" USING gin ("search_doc" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "projects_skills_idx" ON "projects" USING gin ("skills_lower" jsonb_path_ops);
