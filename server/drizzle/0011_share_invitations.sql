CREATE TABLE "project_share_invitations" (
	"id" integer PRIMARY KEY DEFAULT nextval('project_shares_id_seq') NOT NULL,
	"project_id" integer NOT NULL,
	"email" text NOT NULL,
	"shared_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "project_share_invitations" ADD CONSTRAINT "project_share_invitations_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "project_share_invitations" ADD CONSTRAINT "project_share_invitations_shared_by_users_id_fk" FOREIGN KEY ("shared_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "project_share_invitations_project_email" ON "project_share_invitations" USING btree ("project_id","email");