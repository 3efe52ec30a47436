CREATE TABLE "credit_reservations" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "credit_reservations_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"subscription_id" integer,
	"company_id" integer NOT NULL,
	"configuration_id" integer,
	"simulation_id" integer,
	"analysis_type" text NOT NULL,
	"label" text NOT NULL,
	"credit_type" text NOT NULL,
	"credits" integer NOT NULL,
	"reserved_by" integer,
	"reserved_by_name" text NOT NULL,
	"reserved_at" timestamp with time zone NOT NULL,
	"status" text DEFAULT 'held' NOT NULL,
	"settled_at" timestamp with time zone,
	"usage_id" integer
);
--> statement-breakpoint
ALTER TABLE "credit_reservations" ADD CONSTRAINT "credit_reservations_subscription_id_subscriptions_id_fk" FOREIGN KEY ("subscription_id") REFERENCES "public"."subscriptions"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "credit_reservations" ADD CONSTRAINT "credit_reservations_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "credit_reservations" ADD CONSTRAINT "credit_reservations_configuration_id_configurations_id_fk" FOREIGN KEY ("configuration_id") REFERENCES "public"."configurations"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "credit_reservations" ADD CONSTRAINT "credit_reservations_simulation_id_simulations_id_fk" FOREIGN KEY ("simulation_id") REFERENCES "public"."simulations"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "credit_reservations" ADD CONSTRAINT "credit_reservations_reserved_by_users_id_fk" FOREIGN KEY ("reserved_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "credit_reservations" ADD CONSTRAINT "credit_reservations_usage_id_subscription_usage_id_fk" FOREIGN KEY ("usage_id") REFERENCES "public"."subscription_usage"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "credit_reservations_subscription_status" ON "credit_reservations" USING btree ("subscription_id","status");--> statement-breakpoint
CREATE INDEX "credit_reservations_simulation" ON "credit_reservations" USING btree ("simulation_id");