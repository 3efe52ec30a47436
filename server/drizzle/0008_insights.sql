CREATE TABLE "drawings" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "drawings_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"scene_view_id" integer NOT NULL,
	"name" text DEFAULT '' NOT NULL,
	"drawing_json" jsonb NOT NULL,
	"horizontal_translation_factor" double precision DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "image_views" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "image_views_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"insight_id" integer NOT NULL,
	"study_image_id" integer NOT NULL,
	"scene_view_id" integer,
	"caption" text DEFAULT '' NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "insight_pin_types" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "insight_pin_types_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"insight_id" integer NOT NULL,
	"name" text NOT NULL,
	"colour" text NOT NULL,
	"icon" text NOT NULL,
	"template_id" integer
);
--> statement-breakpoint
CREATE TABLE "insight_pins" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "insight_pins_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"insight_id" integer NOT NULL,
	"insight_pin_type_id" integer NOT NULL,
	"scene_view_id" integer,
	"item" jsonb NOT NULL,
	"title" text DEFAULT '' NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "insights" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "insights_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"study_id" integer NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL,
	"insight_status" text DEFAULT 'Draft' NOT NULL,
	"category" text,
	"title" text NOT NULL,
	"text" text DEFAULT '' NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "report_views" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "report_views_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"report_id" integer NOT NULL,
	"image_view_id" integer NOT NULL,
	"caption" text DEFAULT '' NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "reports" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "reports_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"study_id" integer NOT NULL,
	"title" text NOT NULL,
	"report_status" text DEFAULT 'Draft' NOT NULL,
	"page_size" text DEFAULT 'A4' NOT NULL,
	"cover" jsonb NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "scene_views" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "scene_views_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"insight_id" integer NOT NULL,
	"name" text DEFAULT '' NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL,
	"camera_position_id" integer,
	"camera" jsonb,
	"layer_selection" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"simulation_id" integer,
	"asset_id" integer,
	"legend" jsonb,
	"study_image_id" integer,
	"view_json" jsonb
);
--> statement-breakpoint
CREATE TABLE "study_images" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "study_images_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"study_id" integer NOT NULL,
	"name" text DEFAULT '' NOT NULL,
	"source" text NOT NULL,
	"content_type" text NOT NULL,
	"width" integer NOT NULL,
	"height" integer NOT NULL,
	"byte_size" integer NOT NULL,
	"blob_key" text NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "drawings" ADD CONSTRAINT "drawings_scene_view_id_scene_views_id_fk" FOREIGN KEY ("scene_view_id") REFERENCES "public"."scene_views"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "image_views" ADD CONSTRAINT "image_views_insight_id_insights_id_fk" FOREIGN KEY ("insight_id") REFERENCES "public"."insights"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "image_views" ADD CONSTRAINT "image_views_study_image_id_study_images_id_fk" FOREIGN KEY ("study_image_id") REFERENCES "public"."study_images"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "image_views" ADD CONSTRAINT "image_views_scene_view_id_scene_views_id_fk" FOREIGN KEY ("scene_view_id") REFERENCES "public"."scene_views"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "insight_pin_types" ADD CONSTRAINT "insight_pin_types_insight_id_insights_id_fk" FOREIGN KEY ("insight_id") REFERENCES "public"."insights"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "insight_pins" ADD CONSTRAINT "insight_pins_insight_id_insights_id_fk" FOREIGN KEY ("insight_id") REFERENCES "public"."insights"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "insight_pins" ADD CONSTRAINT "insight_pins_insight_pin_type_id_insight_pin_types_id_fk" FOREIGN KEY ("insight_pin_type_id") REFERENCES "public"."insight_pin_types"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "insight_pins" ADD CONSTRAINT "insight_pins_scene_view_id_scene_views_id_fk" FOREIGN KEY ("scene_view_id") REFERENCES "public"."scene_views"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "insights" ADD CONSTRAINT "insights_study_id_studies_id_fk" FOREIGN KEY ("study_id") REFERENCES "public"."studies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "insights" ADD CONSTRAINT "insights_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "report_views" ADD CONSTRAINT "report_views_report_id_reports_id_fk" FOREIGN KEY ("report_id") REFERENCES "public"."reports"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "report_views" ADD CONSTRAINT "report_views_image_view_id_image_views_id_fk" FOREIGN KEY ("image_view_id") REFERENCES "public"."image_views"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reports" ADD CONSTRAINT "reports_study_id_studies_id_fk" FOREIGN KEY ("study_id") REFERENCES "public"."studies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reports" ADD CONSTRAINT "reports_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "scene_views" ADD CONSTRAINT "scene_views_insight_id_insights_id_fk" FOREIGN KEY ("insight_id") REFERENCES "public"."insights"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "scene_views" ADD CONSTRAINT "scene_views_camera_position_id_camera_positions_id_fk" FOREIGN KEY ("camera_position_id") REFERENCES "public"."camera_positions"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "scene_views" ADD CONSTRAINT "scene_views_simulation_id_simulations_id_fk" FOREIGN KEY ("simulation_id") REFERENCES "public"."simulations"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "scene_views" ADD CONSTRAINT "scene_views_asset_id_assets_id_fk" FOREIGN KEY ("asset_id") REFERENCES "public"."assets"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "scene_views" ADD CONSTRAINT "scene_views_study_image_id_study_images_id_fk" FOREIGN KEY ("study_image_id") REFERENCES "public"."study_images"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "study_images" ADD CONSTRAINT "study_images_study_id_studies_id_fk" FOREIGN KEY ("study_id") REFERENCES "public"."studies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "study_images" ADD CONSTRAINT "study_images_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "drawings_scene_view" ON "drawings" USING btree ("scene_view_id");--> statement-breakpoint
CREATE INDEX "image_views_insight" ON "image_views" USING btree ("insight_id");--> statement-breakpoint
CREATE INDEX "insight_pin_types_insight" ON "insight_pin_types" USING btree ("insight_id");--> statement-breakpoint
CREATE INDEX "insight_pins_insight" ON "insight_pins" USING btree ("insight_id");--> statement-breakpoint
CREATE INDEX "insights_study_sort" ON "insights" USING btree ("study_id","sort_order");--> statement-breakpoint
CREATE INDEX "report_views_report" ON "report_views" USING btree ("report_id");--> statement-breakpoint
CREATE INDEX "reports_study" ON "reports" USING btree ("study_id");--> statement-breakpoint
CREATE INDEX "scene_views_insight" ON "scene_views" USING btree ("insight_id");--> statement-breakpoint
CREATE INDEX "study_images_study" ON "study_images" USING btree ("study_id");