ALTER TABLE "companies" ADD COLUMN "max_running_jobs" integer;--> statement-breakpoint
ALTER TABLE "companies" ADD COLUMN "monthly_compute_hours" integer;--> statement-breakpoint
ALTER TABLE "companies" ADD COLUMN "storage_quota_bytes" bigint;