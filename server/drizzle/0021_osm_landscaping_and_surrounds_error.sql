ALTER TABLE "projects" ADD COLUMN "surrounds_error" text;--> statement-breakpoint
ALTER TABLE "project_surrounds" ADD COLUMN "landscaping" jsonb DEFAULT '[]'::jsonb NOT NULL;