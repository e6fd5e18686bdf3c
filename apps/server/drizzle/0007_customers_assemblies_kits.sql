CREATE TABLE "customer_items" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL,
	"customer_id" uuid NOT NULL,
	"customer_part_number" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"target_type" text NOT NULL,
	"target_id" uuid,
	"target_part_number" text DEFAULT '' NOT NULL,
	"price" numeric,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "customers" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL,
	"name" text NOT NULL,
	"domain" text DEFAULT '' NOT NULL,
	"account_number" text DEFAULT '' NOT NULL,
	"contacts" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"billing_address" jsonb,
	"shipping_address" jsonb,
	"currency" text DEFAULT 'USD' NOT NULL,
	"tax_number" text DEFAULT '' NOT NULL,
	"tax_exempt" boolean DEFAULT false NOT NULL,
	"notes" text DEFAULT '' NOT NULL,
	"erp_id" text DEFAULT '' NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"margin_pct" numeric,
	"discount_pct" numeric,
	"product_group_terms" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "hose_assemblies" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL,
	"part_number" text NOT NULL,
	"revision" text NOT NULL,
	"latest" boolean DEFAULT true NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"customer_id" uuid,
	"hose_id" uuid,
	"end_a_id" uuid,
	"end_b_id" uuid,
	"dash" integer,
	"spec" jsonb NOT NULL,
	"overall_length_mm" numeric,
	"cut_length_mm" numeric,
	"working_pressure_psi" integer,
	"cost" numeric,
	"price" numeric,
	"notes" text DEFAULT '' NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "hose_assembly_serials" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL,
	"serial_id" text NOT NULL,
	"hose_assembly_id" uuid NOT NULL,
	"replaces_serial_id" text,
	"built_by" uuid,
	"built_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "hose_kit_lines" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL,
	"hose_kit_id" uuid NOT NULL,
	"position" integer NOT NULL,
	"line_type" text NOT NULL,
	"hose_assembly_id" uuid,
	"component_id" uuid,
	"description" text DEFAULT '' NOT NULL,
	"quantity" numeric NOT NULL,
	"unit_cost" numeric
);
--> statement-breakpoint
CREATE TABLE "hose_kits" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL,
	"part_number" text NOT NULL,
	"revision" text NOT NULL,
	"latest" boolean DEFAULT true NOT NULL,
	"released" boolean DEFAULT false NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"customer_id" uuid,
	"machine" text DEFAULT '' NOT NULL,
	"notes" text DEFAULT '' NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "customer_items" ADD CONSTRAINT "customer_items_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customer_items" ADD CONSTRAINT "customer_items_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customers" ADD CONSTRAINT "customers_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "hose_assemblies" ADD CONSTRAINT "hose_assemblies_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "hose_assemblies" ADD CONSTRAINT "hose_assemblies_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "hose_assemblies" ADD CONSTRAINT "hose_assemblies_hose_id_components_id_fk" FOREIGN KEY ("hose_id") REFERENCES "public"."components"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "hose_assemblies" ADD CONSTRAINT "hose_assemblies_end_a_id_components_id_fk" FOREIGN KEY ("end_a_id") REFERENCES "public"."components"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "hose_assemblies" ADD CONSTRAINT "hose_assemblies_end_b_id_components_id_fk" FOREIGN KEY ("end_b_id") REFERENCES "public"."components"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "hose_assemblies" ADD CONSTRAINT "hose_assemblies_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "hose_assembly_serials" ADD CONSTRAINT "hose_assembly_serials_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "hose_assembly_serials" ADD CONSTRAINT "hose_assembly_serials_hose_assembly_id_hose_assemblies_id_fk" FOREIGN KEY ("hose_assembly_id") REFERENCES "public"."hose_assemblies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "hose_assembly_serials" ADD CONSTRAINT "hose_assembly_serials_built_by_users_id_fk" FOREIGN KEY ("built_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "hose_kit_lines" ADD CONSTRAINT "hose_kit_lines_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "hose_kit_lines" ADD CONSTRAINT "hose_kit_lines_hose_kit_id_hose_kits_id_fk" FOREIGN KEY ("hose_kit_id") REFERENCES "public"."hose_kits"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "hose_kit_lines" ADD CONSTRAINT "hose_kit_lines_hose_assembly_id_hose_assemblies_id_fk" FOREIGN KEY ("hose_assembly_id") REFERENCES "public"."hose_assemblies"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "hose_kit_lines" ADD CONSTRAINT "hose_kit_lines_component_id_components_id_fk" FOREIGN KEY ("component_id") REFERENCES "public"."components"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "hose_kits" ADD CONSTRAINT "hose_kits_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "hose_kits" ADD CONSTRAINT "hose_kits_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "hose_kits" ADD CONSTRAINT "hose_kits_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "customer_items_org_customer_part_key" ON "customer_items" USING btree ("organization_id","customer_id",lower("customer_part_number"));--> statement-breakpoint
CREATE INDEX "customers_org_name_idx" ON "customers" USING btree ("organization_id",lower("name"));--> statement-breakpoint
CREATE UNIQUE INDEX "customers_org_account_key" ON "customers" USING btree ("organization_id",lower("account_number")) WHERE "customers"."account_number" <> '';--> statement-breakpoint
CREATE UNIQUE INDEX "hose_assemblies_org_part_rev_key" ON "hose_assemblies" USING btree ("organization_id",lower("part_number"),lower("revision"));--> statement-breakpoint
CREATE UNIQUE INDEX "hose_assemblies_org_part_latest_key" ON "hose_assemblies" USING btree ("organization_id",lower("part_number")) WHERE "hose_assemblies"."latest";--> statement-breakpoint
CREATE INDEX "hose_assemblies_org_customer_idx" ON "hose_assemblies" USING btree ("organization_id","customer_id");--> statement-breakpoint
CREATE INDEX "hose_assemblies_org_created_idx" ON "hose_assemblies" USING btree ("organization_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "hose_assembly_serials_serial_key" ON "hose_assembly_serials" USING btree ("serial_id");--> statement-breakpoint
CREATE INDEX "hose_assembly_serials_org_assembly_idx" ON "hose_assembly_serials" USING btree ("organization_id","hose_assembly_id");--> statement-breakpoint
CREATE INDEX "hose_kit_lines_org_kit_idx" ON "hose_kit_lines" USING btree ("organization_id","hose_kit_id","position");--> statement-breakpoint
CREATE UNIQUE INDEX "hose_kits_org_part_rev_key" ON "hose_kits" USING btree ("organization_id",lower("part_number"),lower("revision"));--> statement-breakpoint
CREATE UNIQUE INDEX "hose_kits_org_part_latest_key" ON "hose_kits" USING btree ("organization_id",lower("part_number")) WHERE "hose_kits"."latest";--> statement-breakpoint
CREATE INDEX "hose_kits_org_customer_idx" ON "hose_kits" USING btree ("organization_id","customer_id");