CREATE TABLE "price_list_items" (
	"organization_id" uuid NOT NULL,
	"version_id" uuid NOT NULL,
	"item_type" text NOT NULL,
	"item_id" uuid NOT NULL,
	"part_number" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"unit_price" bigint NOT NULL,
	"breaks" jsonb DEFAULT '[]'::jsonb NOT NULL,
	CONSTRAINT "price_list_items_version_id_item_type_item_id_pk" PRIMARY KEY("version_id","item_type","item_id")
);
--> statement-breakpoint
CREATE TABLE "price_list_versions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL,
	"price_list_id" uuid NOT NULL,
	"effective_from" text,
	"published_at" timestamp with time zone,
	"published_by" uuid,
	"item_count" integer DEFAULT 0 NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "price_lists" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL,
	"name" text NOT NULL,
	"currency" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sales_estimate_lines" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL,
	"estimate_id" uuid NOT NULL,
	"position" integer NOT NULL,
	"type" text NOT NULL,
	"item_id" uuid,
	"part_number" text DEFAULT '' NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"product_group" text,
	"quantity" numeric NOT NULL,
	"unit_cost" numeric,
	"unit_price_override" bigint,
	"unit_price" bigint,
	"line_total" bigint DEFAULT 0 NOT NULL,
	"priced_by" jsonb NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sales_estimates" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL,
	"number" text NOT NULL,
	"revision" integer DEFAULT 1 NOT NULL,
	"previous_id" uuid,
	"status" text DEFAULT 'draft' NOT NULL,
	"customer_id" uuid,
	"contact" jsonb,
	"currency" text NOT NULL,
	"estimate_date" text NOT NULL,
	"valid_until" text,
	"description" text DEFAULT '' NOT NULL,
	"notes" text DEFAULT '' NOT NULL,
	"terms" text DEFAULT '' NOT NULL,
	"subtotal" bigint DEFAULT 0 NOT NULL,
	"minimum_charge_adjustment" bigint DEFAULT 0 NOT NULL,
	"taxes" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"tax_total" bigint DEFAULT 0 NOT NULL,
	"total" bigint DEFAULT 0 NOT NULL,
	"tax_exempt" boolean DEFAULT false NOT NULL,
	"sent_at" timestamp with time zone,
	"sent_to" text,
	"decided_at" timestamp with time zone,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "customers" ADD COLUMN "taxes" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "customers" ADD COLUMN "price_list_id" uuid;--> statement-breakpoint
ALTER TABLE "organization_settings" ADD COLUMN "estimate_number_pattern" text DEFAULT 'SE-{00000}' NOT NULL;--> statement-breakpoint
ALTER TABLE "organization_settings" ADD COLUMN "estimate_validity_days" integer DEFAULT 30 NOT NULL;--> statement-breakpoint
ALTER TABLE "organization_settings" ADD COLUMN "minimum_charge" numeric DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "organization_settings" ADD COLUMN "target_margin_pct" numeric DEFAULT 20 NOT NULL;--> statement-breakpoint
ALTER TABLE "organization_settings" ADD COLUMN "estimate_terms" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "work_orders" ADD COLUMN "sales_estimate_id" uuid;--> statement-breakpoint
ALTER TABLE "price_list_items" ADD CONSTRAINT "price_list_items_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "price_list_items" ADD CONSTRAINT "price_list_items_version_id_price_list_versions_id_fk" FOREIGN KEY ("version_id") REFERENCES "public"."price_list_versions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "price_list_versions" ADD CONSTRAINT "price_list_versions_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "price_list_versions" ADD CONSTRAINT "price_list_versions_price_list_id_price_lists_id_fk" FOREIGN KEY ("price_list_id") REFERENCES "public"."price_lists"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "price_list_versions" ADD CONSTRAINT "price_list_versions_published_by_users_id_fk" FOREIGN KEY ("published_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "price_lists" ADD CONSTRAINT "price_lists_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sales_estimate_lines" ADD CONSTRAINT "sales_estimate_lines_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sales_estimate_lines" ADD CONSTRAINT "sales_estimate_lines_estimate_id_sales_estimates_id_fk" FOREIGN KEY ("estimate_id") REFERENCES "public"."sales_estimates"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sales_estimates" ADD CONSTRAINT "sales_estimates_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sales_estimates" ADD CONSTRAINT "sales_estimates_previous_id_sales_estimates_id_fk" FOREIGN KEY ("previous_id") REFERENCES "public"."sales_estimates"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sales_estimates" ADD CONSTRAINT "sales_estimates_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sales_estimates" ADD CONSTRAINT "sales_estimates_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "price_list_versions_org_list_idx" ON "price_list_versions" USING btree ("organization_id","price_list_id","effective_from");--> statement-breakpoint
CREATE UNIQUE INDEX "price_list_versions_one_draft_key" ON "price_list_versions" USING btree ("price_list_id") WHERE "price_list_versions"."effective_from" IS NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "price_lists_org_name_key" ON "price_lists" USING btree ("organization_id",lower("name"));--> statement-breakpoint
CREATE INDEX "sales_estimate_lines_org_estimate_idx" ON "sales_estimate_lines" USING btree ("organization_id","estimate_id","position");--> statement-breakpoint
CREATE UNIQUE INDEX "sales_estimates_org_number_rev_key" ON "sales_estimates" USING btree ("organization_id",lower("number"),"revision");--> statement-breakpoint
CREATE INDEX "sales_estimates_org_status_idx" ON "sales_estimates" USING btree ("organization_id","status");--> statement-breakpoint
CREATE INDEX "sales_estimates_org_customer_idx" ON "sales_estimates" USING btree ("organization_id","customer_id");--> statement-breakpoint
CREATE INDEX "sales_estimates_org_created_idx" ON "sales_estimates" USING btree ("organization_id","created_at");--> statement-breakpoint
ALTER TABLE "customers" ADD CONSTRAINT "customers_price_list_id_price_lists_id_fk" FOREIGN KEY ("price_list_id") REFERENCES "public"."price_lists"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "work_orders" ADD CONSTRAINT "work_orders_sales_estimate_id_sales_estimates_id_fk" FOREIGN KEY ("sales_estimate_id") REFERENCES "public"."sales_estimates"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sales_estimates" ADD CONSTRAINT "sales_estimates_status_check" CHECK ("status" IN ('draft', 'sent', 'accepted', 'declined'));--> statement-breakpoint
ALTER TABLE "sales_estimates" ADD CONSTRAINT "sales_estimates_revision_check" CHECK ("revision" >= 1);--> statement-breakpoint
ALTER TABLE "sales_estimate_lines" ADD CONSTRAINT "sales_estimate_lines_type_check" CHECK ("type" IN ('kit', 'assembly', 'component', 'other', 'labour', 'freight'));--> statement-breakpoint
ALTER TABLE "sales_estimate_lines" ADD CONSTRAINT "sales_estimate_lines_quantity_check" CHECK ("quantity" > 0);--> statement-breakpoint
ALTER TABLE "price_list_items" ADD CONSTRAINT "price_list_items_type_check" CHECK ("item_type" IN ('component', 'assembly', 'kit'));--> statement-breakpoint
ALTER TABLE "price_list_items" ADD CONSTRAINT "price_list_items_price_check" CHECK ("unit_price" >= 0);--> statement-breakpoint
ALTER TABLE "organization_settings" ADD CONSTRAINT "organization_settings_estimate_validity_check" CHECK ("estimate_validity_days" BETWEEN 1 AND 366);--> statement-breakpoint
ALTER TABLE "organization_settings" ADD CONSTRAINT "organization_settings_minimum_charge_check" CHECK ("minimum_charge" >= 0);
