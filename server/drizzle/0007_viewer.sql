CREATE TABLE "camera_positions" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "camera_positions_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"study_id" integer NOT NULL,
	"name" text DEFAULT '' NOT NULL,
	"camera" jsonb NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "layer_sets" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "layer_sets_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"simulation_id" integer NOT NULL,
	"identifier" jsonb NOT NULL,
	"layer_type" text NOT NULL,
	"show_by_default" boolean DEFAULT false NOT NULL,
	"filename" text NOT NULL,
	"blob_key" text
);
--> statement-breakpoint
CREATE TABLE "post_processing_tags" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "post_processing_tags_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"project_id" integer NOT NULL,
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"date" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "user_selected_layers" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "user_selected_layers_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"simulation_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"identifier" text NOT NULL,
	"view_id" text NOT NULL
);
--> statement-breakpoint
ALTER TABLE "camera_positions" ADD CONSTRAINT "camera_positions_study_id_studies_id_fk" FOREIGN KEY ("study_id") REFERENCES "public"."studies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "camera_positions" ADD CONSTRAINT "camera_positions_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "layer_sets" ADD CONSTRAINT "layer_sets_simulation_id_simulations_id_fk" FOREIGN KEY ("simulation_id") REFERENCES "public"."simulations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "post_processing_tags" ADD CONSTRAINT "post_processing_tags_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_selected_layers" ADD CONSTRAINT "user_selected_layers_simulation_id_simulations_id_fk" FOREIGN KEY ("simulation_id") REFERENCES "public"."simulations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_selected_layers" ADD CONSTRAINT "user_selected_layers_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "camera_positions_study" ON "camera_positions" USING btree ("study_id");--> statement-breakpoint
CREATE INDEX "layer_sets_simulation" ON "layer_sets" USING btree ("simulation_id");--> statement-breakpoint
CREATE UNIQUE INDEX "post_processing_tags_project_name" ON "post_processing_tags" USING btree ("project_id","name");--> statement-breakpoint
CREATE INDEX "user_selected_layers_simulation_user" ON "user_selected_layers" USING btree ("simulation_id","user_id");