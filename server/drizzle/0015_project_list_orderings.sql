CREATE INDEX "projects_created" ON "projects" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "projects_name" ON "projects" USING btree (lower("name"),"id");