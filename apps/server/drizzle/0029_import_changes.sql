ALTER TABLE "import_logs" ADD COLUMN "unchanged" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "import_logs" ADD COLUMN "changes" jsonb DEFAULT '[]'::jsonb NOT NULL;