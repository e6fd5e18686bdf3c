CREATE TABLE "currencies" (
	"organization_id" uuid NOT NULL,
	"code" text NOT NULL,
	"rate" numeric NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "currencies_organization_id_code_pk" PRIMARY KEY("organization_id","code")
);
--> statement-breakpoint
ALTER TABLE "organization_settings" ADD COLUMN "unit_system" text;--> statement-breakpoint
ALTER TABLE "organization_settings" ADD COLUMN "base_currency" text DEFAULT 'USD' NOT NULL;--> statement-breakpoint
ALTER TABLE "organization_settings" ADD COLUMN "default_margin_pct" numeric DEFAULT 30 NOT NULL;--> statement-breakpoint
ALTER TABLE "organization_settings" ADD COLUMN "labour_rate" numeric DEFAULT 3 NOT NULL;--> statement-breakpoint
ALTER TABLE "organization_settings" ADD COLUMN "waste_allowance_pct" numeric DEFAULT 5 NOT NULL;--> statement-breakpoint
ALTER TABLE "organization_settings" ADD COLUMN "default_warehouse_name" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "organization_settings" ADD COLUMN "default_warehouse_code" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "unit_system" text;--> statement-breakpoint
ALTER TABLE "currencies" ADD CONSTRAINT "currencies_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "organization_settings" ADD CONSTRAINT "organization_settings_unit_system_check" CHECK ("unit_system" IN ('metric', 'imperial'));--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_unit_system_check" CHECK ("unit_system" IN ('metric', 'imperial'));--> statement-breakpoint
ALTER TABLE "currencies" ADD CONSTRAINT "currencies_rate_check" CHECK ("rate" > 0);--> statement-breakpoint
-- Changed rates drop what every instance cached for the organisation (ADR 0005), like the settings.
CREATE TRIGGER currencies_inserted AFTER INSERT ON currencies REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION hosewright_notify_org_rows();
--> statement-breakpoint
CREATE TRIGGER currencies_updated AFTER UPDATE ON currencies REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION hosewright_notify_org_rows();
--> statement-breakpoint
CREATE TRIGGER currencies_deleted AFTER DELETE ON currencies REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION hosewright_notify_org_rows();
