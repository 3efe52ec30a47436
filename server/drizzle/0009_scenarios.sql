CREATE TABLE "geometry_validations" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "geometry_validations_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"configuration_id" integer NOT NULL,
	"simulation_id" integer,
	"simulation_type" text DEFAULT '' NOT NULL,
	"geometry" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"status" text DEFAULT 'queued' NOT NULL,
	"error" boolean DEFAULT false NOT NULL,
	"error_message" text,
	"warnings_acknowledged" boolean DEFAULT false NOT NULL,
	"summary" jsonb DEFAULT '{"errors":0,"warnings":0,"infos":0}'::jsonb NOT NULL,
	"findings" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"findings_truncated" boolean DEFAULT false NOT NULL,
	"assets" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"run" integer DEFAULT 1 NOT NULL,
	"job_id" integer,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "scenario_approvals" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "scenario_approvals_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"configuration_id" integer NOT NULL,
	"approved_by" integer,
	"subscription_id" integer,
	"usage_id" integer,
	"credit_type" text NOT NULL,
	"credits" integer NOT NULL,
	"breakdown" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"approved_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "geometry_validations" ADD CONSTRAINT "geometry_validations_configuration_id_configurations_id_fk" FOREIGN KEY ("configuration_id") REFERENCES "public"."configurations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "geometry_validations" ADD CONSTRAINT "geometry_validations_simulation_id_simulations_id_fk" FOREIGN KEY ("simulation_id") REFERENCES "public"."simulations"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "geometry_validations" ADD CONSTRAINT "geometry_validations_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "scenario_approvals" ADD CONSTRAINT "scenario_approvals_configuration_id_configurations_id_fk" FOREIGN KEY ("configuration_id") REFERENCES "public"."configurations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "scenario_approvals" ADD CONSTRAINT "scenario_approvals_approved_by_users_id_fk" FOREIGN KEY ("approved_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "scenario_approvals" ADD CONSTRAINT "scenario_approvals_subscription_id_subscriptions_id_fk" FOREIGN KEY ("subscription_id") REFERENCES "public"."subscriptions"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "scenario_approvals" ADD CONSTRAINT "scenario_approvals_usage_id_subscription_usage_id_fk" FOREIGN KEY ("usage_id") REFERENCES "public"."subscription_usage"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "geometry_validations_configuration" ON "geometry_validations" USING btree ("configuration_id");--> statement-breakpoint
CREATE UNIQUE INDEX "scenario_approvals_configuration" ON "scenario_approvals" USING btree ("configuration_id");