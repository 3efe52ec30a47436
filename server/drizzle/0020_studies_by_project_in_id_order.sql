DROP INDEX "studies_project";--> statement-breakpoint
CREATE INDEX "studies_project_id" ON "studies" USING btree ("project_id","id");