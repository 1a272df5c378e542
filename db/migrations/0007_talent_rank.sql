ALTER TABLE "users" ADD COLUMN "profile_rank" smallint DEFAULT 0 NOT NULL;--> statement-breakpoint
-- users.profile_rank: one point each for a headline, a photo, a skill and an experience, for the
-- order of GET /talents (docs/api.md "Search"). Computed whenever the row is written: a change of
-- the skills or experiences writes it too (tc_profile_row_changed raises profile_version), after
-- the change, so the lists are read as they now are.
CREATE FUNCTION tc_profile_rank() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.profile_rank :=
    (CASE WHEN nullif(btrim(NEW.headline), '') IS NOT NULL THEN 1 ELSE 0 END)
    + (CASE WHEN NEW.avatar_url IS NOT NULL THEN 1 ELSE 0 END)
    + (CASE WHEN EXISTS (SELECT 1 FROM user_skills s WHERE s.user_id = NEW.id) THEN 1 ELSE 0 END)
    + (CASE WHEN EXISTS (SELECT 1 FROM user_workplaces w WHERE w.user_id = NEW.id) THEN 1 ELSE 0 END);
  RETURN NEW;
END $$;
--> statement-breakpoint
CREATE TRIGGER users_profile_rank BEFORE INSERT OR UPDATE ON users
  FOR EACH ROW EXECUTE FUNCTION tc_profile_rank();
--> statement-breakpoint
-- The profiles already there (the trigger computes it).
UPDATE users SET profile_rank = 0;
