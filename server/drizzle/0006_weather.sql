CREATE TABLE "bad_stations" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "bad_stations_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"wmo" text NOT NULL,
	"name" text DEFAULT '' NOT NULL,
	"reason" text NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "project_met_sources" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "project_met_sources_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"project_id" integer NOT NULL,
	"station_id" integer NOT NULL,
	"origin" text NOT NULL,
	"upload_id" integer,
	"distance_km" double precision,
	"added_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "project_surrounds" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "project_surrounds_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"project_id" integer NOT NULL,
	"origin_latitude" double precision NOT NULL,
	"origin_longitude" double precision NOT NULL,
	"radius_m" double precision NOT NULL,
	"source_upload_id" integer,
	"source_format" text NOT NULL,
	"blob_container" text NOT NULL,
	"blob_name" text NOT NULL,
	"building_count" integer NOT NULL,
	"triangle_count" integer NOT NULL,
	"footprints" jsonb NOT NULL,
	"warnings" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "weather_stations" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "weather_stations_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"met_id" text NOT NULL,
	"name" text NOT NULL,
	"wmo" text DEFAULT '' NOT NULL,
	"latitude" double precision NOT NULL,
	"longitude" double precision NOT NULL,
	"elevation_m" double precision NOT NULL,
	"location" jsonb NOT NULL,
	"years" text NOT NULL,
	"source" text NOT NULL,
	"origin" text NOT NULL,
	"origin_ref" text DEFAULT '' NOT NULL,
	"hours" integer NOT NULL,
	"data_format" text NOT NULL,
	"data" "bytea" NOT NULL,
	"data_sha256" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "bad_stations" ADD CONSTRAINT "bad_stations_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "project_met_sources" ADD CONSTRAINT "project_met_sources_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "project_met_sources" ADD CONSTRAINT "project_met_sources_station_id_weather_stations_id_fk" FOREIGN KEY ("station_id") REFERENCES "public"."weather_stations"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "project_met_sources" ADD CONSTRAINT "project_met_sources_upload_id_uploads_id_fk" FOREIGN KEY ("upload_id") REFERENCES "public"."uploads"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "project_met_sources" ADD CONSTRAINT "project_met_sources_added_by_users_id_fk" FOREIGN KEY ("added_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "project_surrounds" ADD CONSTRAINT "project_surrounds_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "project_surrounds" ADD CONSTRAINT "project_surrounds_source_upload_id_uploads_id_fk" FOREIGN KEY ("source_upload_id") REFERENCES "public"."uploads"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "project_surrounds" ADD CONSTRAINT "project_surrounds_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "bad_stations_wmo" ON "bad_stations" USING btree ("wmo");--> statement-breakpoint
CREATE UNIQUE INDEX "project_met_sources_station" ON "project_met_sources" USING btree ("project_id","station_id");--> statement-breakpoint
CREATE INDEX "project_met_sources_station_id" ON "project_met_sources" USING btree ("station_id");--> statement-breakpoint
CREATE UNIQUE INDEX "project_surrounds_project" ON "project_surrounds" USING btree ("project_id");--> statement-breakpoint
CREATE UNIQUE INDEX "weather_stations_met_id" ON "weather_stations" USING btree ("met_id");--> statement-breakpoint
CREATE UNIQUE INDEX "weather_stations_data" ON "weather_stations" USING btree ("data_sha256");