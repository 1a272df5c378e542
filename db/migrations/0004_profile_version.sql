ALTER TABLE "users" ADD COLUMN "profile_version" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
-- users.profile_version is raised in the same transaction as every change to what a profile
-- shows (server/services/users/user-dto.ts), so that a cached profile of the current version is
-- current (docs/architecture.md "Reads and writes"). Reference rows (countries, languages,
-- skills' names) are never updated, only added.
CREATE FUNCTION tc_profile_version_next() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.profile_version := OLD.profile_version + 1;
  RETURN NEW;
END $$;
--> statement-breakpoint
CREATE TRIGGER users_profile_version BEFORE UPDATE ON users
  FOR EACH ROW EXECUTE FUNCTION tc_profile_version_next();
--> statement-breakpoint
-- A row of a profile's list (its user in the column named by the trigger's argument) changed:
-- its user's profile changed, the old and the new one's when it moved.
CREATE FUNCTION tc_profile_row_changed() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  old_user integer;
  new_user integer;
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    old_user := (to_jsonb(OLD) ->> TG_ARGV[0])::integer;
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    new_user := (to_jsonb(NEW) ->> TG_ARGV[0])::integer;
  END IF;
  UPDATE users SET profile_version = profile_version + 1
    WHERE id IN (old_user, new_user);
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER user_workplaces_profile AFTER INSERT OR UPDATE OR DELETE ON user_workplaces
  FOR EACH ROW EXECUTE FUNCTION tc_profile_row_changed('user_id');
--> statement-breakpoint
CREATE TRIGGER user_study_centres_profile AFTER INSERT OR UPDATE OR DELETE ON user_study_centres
  FOR EACH ROW EXECUTE FUNCTION tc_profile_row_changed('user_id');
--> statement-breakpoint
CREATE TRIGGER user_skills_profile AFTER INSERT OR UPDATE OR DELETE ON user_skills
  FOR EACH ROW EXECUTE FUNCTION tc_profile_row_changed('user_id');
--> statement-breakpoint
CREATE TRIGGER user_roles_interest_profile AFTER INSERT OR UPDATE OR DELETE ON user_roles_interest
  FOR EACH ROW EXECUTE FUNCTION tc_profile_row_changed('user_id');
--> statement-breakpoint
CREATE TRIGGER user_languages_profile AFTER INSERT OR UPDATE OR DELETE ON user_languages
  FOR EACH ROW EXECUTE FUNCTION tc_profile_row_changed('user_id');
--> statement-breakpoint
CREATE TRIGGER project_applications_profile AFTER INSERT OR UPDATE OR DELETE ON project_applications
  FOR EACH ROW EXECUTE FUNCTION tc_profile_row_changed('user_id');
--> statement-breakpoint
CREATE TRIGGER job_applications_profile AFTER INSERT OR UPDATE OR DELETE ON job_applications
  FOR EACH ROW EXECUTE FUNCTION tc_profile_row_changed('user_id');
--> statement-breakpoint
CREATE TRIGGER notifications_profile AFTER INSERT OR UPDATE OR DELETE ON notifications
  FOR EACH ROW EXECUTE FUNCTION tc_profile_row_changed('user_id');
--> statement-breakpoint
-- The CV's name and size come from its upload.
CREATE TRIGGER uploads_profile AFTER UPDATE OR DELETE ON uploads
  FOR EACH ROW EXECUTE FUNCTION tc_profile_row_changed('owner_id');
--> statement-breakpoint
-- A posting's name and status show on its applicants' profiles.
CREATE FUNCTION tc_posting_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_TABLE_NAME = 'projects' THEN
    UPDATE users SET profile_version = profile_version + 1
      WHERE id IN (SELECT user_id FROM project_applications WHERE project_id = NEW.id);
  ELSE
    UPDATE users SET profile_version = profile_version + 1
      WHERE id IN (SELECT user_id FROM job_applications WHERE job_id = NEW.id);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER projects_profile AFTER UPDATE OF name, project_status_id ON projects
  FOR EACH ROW WHEN (OLD.name IS DISTINCT FROM NEW.name
                     OR OLD.project_status_id IS DISTINCT FROM NEW.project_status_id)
  EXECUTE FUNCTION tc_posting_changed();
--> statement-breakpoint
CREATE TRIGGER jobs_profile AFTER UPDATE OF name, job_status_id ON jobs
  FOR EACH ROW WHEN (OLD.name IS DISTINCT FROM NEW.name
                     OR OLD.job_status_id IS DISTINCT FROM NEW.job_status_id)
  EXECUTE FUNCTION tc_posting_changed();
