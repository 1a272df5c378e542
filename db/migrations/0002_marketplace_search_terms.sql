-- Search by terms (docs/api.md "Search"). Each posting keeps one text search document: its words,
-- normalised by tc_search_norm (0001), and its facets as terms no word can be ("#skill=figma",
-- "#modality=remote", "#status=1", "#country=pe", "#contract=full_time"). One GIN lookup answers a
-- search's word prefixes ('word':*) and its equality filters together and exactly, so no row is
-- read again to check them; the trigram text and the jsonb skills of 0001 go. The users' trigram
-- index (talent search) stays.
-- The facet terms of a posting: each skill in lower case, and the given facets; NULLs (a posting
-- without a country) are left out.
CREATE OR REPLACE FUNCTION public.tc_facet_terms(skills jsonb, facets text[]) RETURNS tsvector
  LANGUAGE sql IMMUTABLE PARALLEL SAFE
  RETURN array_to_tsvector(array_remove(array(SELECT '#skill=' || lower(s) FROM jsonb_array_elements_text(skills) s) || facets, NULL));--> statement-breakpoint
DROP INDEX "jobs_skills_idx";--> statement-breakpoint
DROP INDEX "projects_skills_idx";--> statement-breakpoint
DROP INDEX "jobs_search_idx";--> statement-breakpoint
DROP INDEX "projects_search_idx";--> statement-breakpoint
ALTER TABLE "jobs" ADD COLUMN "search_terms" "tsvector" GENERATED ALWAYS AS (to_tsvector('simple'::regconfig, public.tc_search_norm(name || ' ' || summary || ' ' || description || ' ' || skills::text)) || public.tc_facet_terms(skills, array['#modality=' || modality, '#status=' || job_status_id, '#country=' || lower(country_code), '#contract=' || contract_type])) STORED;--> statement-breakpoint
ALTER TABLE "projects" ADD COLUMN "search_terms" "tsvector" GENERATED ALWAYS AS (to_tsvector('simple'::regconfig, public.tc_search_norm(name || ' ' || summary || ' ' || description || ' ' || skills::text)) || public.tc_facet_terms(skills, array['#modality=' || modality, '#status=' || project_status_id, '#country=' || lower(country_code)])) STORED;--> statement-breakpoint
CREATE INDEX "jobs_search_idx" ON "jobs" USING gin ("search_terms");--> statement-breakpoint
CREATE INDEX "projects_search_idx" ON "projects" USING gin ("search_terms");--> statement-breakpoint
ALTER TABLE "jobs" DROP COLUMN "search_doc";--> statement-breakpoint
ALTER TABLE "jobs" DROP COLUMN "skills_lower";--> statement-breakpoint
ALTER TABLE "projects" DROP COLUMN "search_doc";--> statement-breakpoint
ALTER TABLE "projects" DROP COLUMN "skills_lower";