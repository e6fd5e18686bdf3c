-- Import files move into parts (ADR 7): a stored file is no longer one large value.
CREATE TABLE "import_file_parts" (
	"import_log_id" uuid NOT NULL,
	"organization_id" uuid NOT NULL,
	"part" integer NOT NULL,
	"data" "bytea" NOT NULL,
	CONSTRAINT "import_file_parts_import_log_id_part_pk" PRIMARY KEY("import_log_id","part")
);
--> statement-breakpoint
ALTER TABLE "import_file_parts" ADD CONSTRAINT "import_file_parts_import_log_id_import_logs_id_fk" FOREIGN KEY ("import_log_id") REFERENCES "public"."import_logs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "import_file_parts" ADD CONSTRAINT "import_file_parts_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
INSERT INTO "import_file_parts" ("import_log_id", "organization_id", "part", "data")
  SELECT "id", "organization_id", 0, "file" FROM "import_logs";--> statement-breakpoint
ALTER TABLE "import_logs" DROP COLUMN "file";