DROP INDEX "weather_stations_met_id";--> statement-breakpoint
DROP INDEX "weather_stations_data";--> statement-breakpoint
ALTER TABLE "weather_stations" ADD COLUMN "project_id" integer;--> statement-breakpoint
ALTER TABLE "weather_stations" ADD CONSTRAINT "weather_stations_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "weather_stations_project" ON "weather_stations" USING btree ("project_id");--> statement-breakpoint
CREATE UNIQUE INDEX "weather_stations_met_id" ON "weather_stations" USING btree ("met_id") WHERE "weather_stations"."project_id" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "weather_stations_data" ON "weather_stations" USING btree ("data_sha256") WHERE "weather_stations"."project_id" is null;