CREATE TABLE "company_project_counts" (
	"company_id" integer PRIMARY KEY NOT NULL,
	"projects" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "creator_project_counts" (
	"created_by" integer NOT NULL,
	"company_id" integer NOT NULL,
	"projects" integer NOT NULL,
	CONSTRAINT "creator_project_counts_created_by_company_id_pk" PRIMARY KEY("created_by","company_id")
);
--> statement-breakpoint
CREATE TABLE "demo_projects" (
	"project_id" integer PRIMARY KEY NOT NULL
);
--> statement-breakpoint
ALTER TABLE "demo_projects" ADD CONSTRAINT "demo_projects_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
-- Each company's number of projects, each user's number of projects created in each company (0: in
-- none) and the demo projects' ids, kept as projects are added, moved, deleted, lose their creator
-- or become demos: the project list's total adds them up instead of counting every project the
-- caller may see on every read (contexts/projects/list-count.ts).
CREATE FUNCTION "project_counts_follow"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' AND NEW.is_demo THEN
    INSERT INTO demo_projects (project_id) VALUES (NEW.id);
  ELSIF TG_OP = 'UPDATE' AND OLD.is_demo IS DISTINCT FROM NEW.is_demo THEN
    IF NEW.is_demo THEN
      INSERT INTO demo_projects (project_id) VALUES (NEW.id) ON CONFLICT DO NOTHING;
    ELSE
      DELETE FROM demo_projects WHERE project_id = NEW.id;
    END IF;
  END IF;
  IF TG_OP = 'UPDATE' AND OLD.company_id IS NOT DISTINCT FROM NEW.company_id AND OLD.created_by IS NOT DISTINCT FROM NEW.created_by THEN
    RETURN NULL;
  END IF;
  IF TG_OP <> 'INSERT' THEN
    IF OLD.company_id IS NOT NULL THEN
      UPDATE company_project_counts SET projects = projects - 1 WHERE company_id = OLD.company_id;
    END IF;
    IF OLD.created_by IS NOT NULL THEN
      UPDATE creator_project_counts SET projects = projects - 1
        WHERE created_by = OLD.created_by AND company_id = coalesce(OLD.company_id, 0);
    END IF;
  END IF;
  IF TG_OP <> 'DELETE' THEN
    IF NEW.company_id IS NOT NULL THEN
      INSERT INTO company_project_counts (company_id, projects) VALUES (NEW.company_id, 1)
        ON CONFLICT (company_id) DO UPDATE SET projects = company_project_counts.projects + 1;
    END IF;
    IF NEW.created_by IS NOT NULL THEN
      INSERT INTO creator_project_counts (created_by, company_id, projects) VALUES (NEW.created_by, coalesce(NEW.company_id, 0), 1)
        ON CONFLICT (created_by, company_id) DO UPDATE SET projects = creator_project_counts.projects + 1;
    END IF;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "projects_counts" AFTER INSERT OR DELETE OR UPDATE OF company_id, created_by, is_demo ON "projects"
  FOR EACH ROW EXECUTE FUNCTION "project_counts_follow"();
--> statement-breakpoint
INSERT INTO "company_project_counts" ("company_id", "projects")
  SELECT "company_id", count(*) FROM "projects" WHERE "company_id" IS NOT NULL GROUP BY "company_id";
--> statement-breakpoint
INSERT INTO "creator_project_counts" ("created_by", "company_id", "projects")
  SELECT "created_by", coalesce("company_id", 0), count(*) FROM "projects" WHERE "created_by" IS NOT NULL GROUP BY 1, 2;
--> statement-breakpoint
INSERT INTO "demo_projects" ("project_id") SELECT "id" FROM "projects" WHERE "is_demo";
--> statement-breakpoint
-- The project as the list shows it (contexts/projects/list.ts representSummary: the same keys in
-- the same order, written as JSON.stringify writes them), split where the caller's favourite mark
-- goes: built when the project or one of its studies changes, instead of on every read of a page.
ALTER TABLE "projects" ADD COLUMN "summary_head" text, ADD COLUMN "summary_tail" text;
--> statement-breakpoint
CREATE FUNCTION "project_summary_build"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.summary_head := '{"id":' || NEW.id
    || ',"name":' || to_json(NEW.name)::text
    || ',"location":' || to_json(NEW.location)::text
    || ',"latitude":' || coalesce(to_json(NEW.latitude)::text, 'null')
    || ',"longitude":' || coalesce(to_json(NEW.longitude)::text, 'null')
    || ',"reference_id":' || to_json(NEW.reference_id)::text
    || ',"company_id":' || coalesce(NEW.company_id::text, 'null')
    || ',"is_demo":' || NEW.is_demo::text
    || ',"is_favorite":';
  -- Timestamps as JavaScript's toISOString writes them (UTC, milliseconds).
  NEW.summary_tail := ',"fetch_met":' || NEW.fetch_met::text
    || ',"met_error":' || coalesce(to_json(NEW.met_error)::text, 'null')
    || ',"generate_surrounds":' || NEW.generate_surrounds::text
    || ',"surrounds_error":' || coalesce(to_json(NEW.surrounds_error)::text, 'null')
    || ',"created":"' || to_char(NEW.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')
    || '","updated":"' || to_char(NEW.updated_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')
    || '","studies":[' || coalesce((
      SELECT string_agg('{"id":' || s.id || ',"name":' || to_json(s.name)::text || '}', ',' ORDER BY s.id)
      FROM studies s WHERE s.project_id = NEW.id), '')
    || ']}';
  RETURN NEW;
END $$;
--> statement-breakpoint
CREATE TRIGGER "projects_summary" BEFORE INSERT OR UPDATE ON "projects"
  FOR EACH ROW EXECUTE FUNCTION "project_summary_build"();
--> statement-breakpoint
-- A study added, renamed, moved or deleted rebuilds its project's summary (through the trigger above).
CREATE FUNCTION "project_summary_of_studies"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'INSERT' THEN
    UPDATE projects SET summary_tail = NULL WHERE id = OLD.project_id;
  END IF;
  IF TG_OP = 'INSERT' OR (TG_OP = 'UPDATE' AND NEW.project_id IS DISTINCT FROM OLD.project_id) THEN
    UPDATE projects SET summary_tail = NULL WHERE id = NEW.project_id;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "studies_project_summary" AFTER INSERT OR DELETE OR UPDATE OF name, project_id ON "studies"
  FOR EACH ROW EXECUTE FUNCTION "project_summary_of_studies"();
--> statement-breakpoint
UPDATE "projects" SET "summary_tail" = NULL;
--> statement-breakpoint
-- Each study as the project's detail reads it (contexts/projects/studies.ts StudyJson: its id, name,
-- creation time and its simulations' ids and categories in id order), kept beside the study and
-- rebuilt when the study, one of its scenarios or one of their simulations changes, instead of
-- looked up through scenarios and simulations on every read of the detail.
ALTER TABLE "studies" ADD COLUMN "detail_json" json;
--> statement-breakpoint
CREATE FUNCTION "study_detail_build"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.detail_json := json_build_object(
    'id', NEW.id, 'name', NEW.name, 'created', NEW.created_at,
    'labels', (SELECT coalesce(json_agg(json_build_object('id', sim.id, 'category', sim.category) ORDER BY sim.id), '[]'::json)
               FROM simulations sim INNER JOIN configurations conf ON conf.id = sim.configuration_id
               WHERE conf.study_id = NEW.id AND conf.project_id = NEW.project_id));
  RETURN NEW;
END $$;
--> statement-breakpoint
CREATE TRIGGER "studies_detail" BEFORE INSERT OR UPDATE ON "studies"
  FOR EACH ROW EXECUTE FUNCTION "study_detail_build"();
--> statement-breakpoint
CREATE FUNCTION "study_detail_of_configurations"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'INSERT' THEN
    UPDATE studies SET detail_json = NULL WHERE id = OLD.study_id;
  END IF;
  IF TG_OP <> 'DELETE' THEN
    UPDATE studies SET detail_json = NULL WHERE id = NEW.study_id;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "configurations_study_detail" AFTER INSERT OR DELETE OR UPDATE OF study_id, project_id ON "configurations"
  FOR EACH ROW EXECUTE FUNCTION "study_detail_of_configurations"();
--> statement-breakpoint
CREATE FUNCTION "study_detail_of_simulations"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'INSERT' THEN
    UPDATE studies SET detail_json = NULL WHERE id = (SELECT study_id FROM configurations WHERE id = OLD.configuration_id);
  END IF;
  IF TG_OP <> 'DELETE' THEN
    UPDATE studies SET detail_json = NULL WHERE id = (SELECT study_id FROM configurations WHERE id = NEW.configuration_id);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "simulations_study_detail" AFTER INSERT OR DELETE OR UPDATE OF category, configuration_id ON "simulations"
  FOR EACH ROW EXECUTE FUNCTION "study_detail_of_simulations"();
--> statement-breakpoint
UPDATE "studies" SET "detail_json" = NULL;
