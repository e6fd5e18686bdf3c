CREATE TABLE "stock_reservations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL,
	"work_order_id" uuid NOT NULL,
	"component_id" uuid NOT NULL,
	"warehouse_id" uuid NOT NULL,
	"location_id" uuid,
	"quantity" numeric NOT NULL
);
--> statement-breakpoint
CREATE TABLE "work_order_lines" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL,
	"work_order_id" uuid NOT NULL,
	"position" integer NOT NULL,
	"hose_assembly_id" uuid NOT NULL,
	"quantity" integer NOT NULL,
	"replaces_serial_id" text
);
--> statement-breakpoint
CREATE TABLE "work_order_units" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL,
	"work_order_id" uuid NOT NULL,
	"line_id" uuid NOT NULL,
	"index" integer NOT NULL,
	"serial_id" text NOT NULL,
	"replaces_serial_id" text,
	"skive" boolean DEFAULT false NOT NULL,
	"steps" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"cut_length_mm" numeric,
	"crimp" jsonb NOT NULL,
	"test" jsonb,
	"assembled_by" uuid,
	"completed_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "work_orders" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL,
	"number" text NOT NULL,
	"status" text DEFAULT 'draft' NOT NULL,
	"priority" text DEFAULT 'normal' NOT NULL,
	"source" text NOT NULL,
	"customer_id" uuid,
	"warehouse_id" uuid NOT NULL,
	"hose_kit_id" uuid,
	"due_date" text,
	"description" text DEFAULT '' NOT NULL,
	"notes" text DEFAULT '' NOT NULL,
	"cancel_reason" text DEFAULT '' NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"released_at" timestamp with time zone,
	"completed_at" timestamp with time zone,
	"completed_by" uuid
);
--> statement-breakpoint
ALTER TABLE "organization_settings" ADD COLUMN "work_order_number_pattern" text DEFAULT 'WO-{00000}' NOT NULL;--> statement-breakpoint
ALTER TABLE "stock_reservations" ADD CONSTRAINT "stock_reservations_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_reservations" ADD CONSTRAINT "stock_reservations_work_order_id_work_orders_id_fk" FOREIGN KEY ("work_order_id") REFERENCES "public"."work_orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_reservations" ADD CONSTRAINT "stock_reservations_component_id_components_id_fk" FOREIGN KEY ("component_id") REFERENCES "public"."components"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_reservations" ADD CONSTRAINT "stock_reservations_warehouse_id_warehouses_id_fk" FOREIGN KEY ("warehouse_id") REFERENCES "public"."warehouses"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_reservations" ADD CONSTRAINT "stock_reservations_location_id_warehouse_locations_id_fk" FOREIGN KEY ("location_id") REFERENCES "public"."warehouse_locations"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "work_order_lines" ADD CONSTRAINT "work_order_lines_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "work_order_lines" ADD CONSTRAINT "work_order_lines_work_order_id_work_orders_id_fk" FOREIGN KEY ("work_order_id") REFERENCES "public"."work_orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "work_order_lines" ADD CONSTRAINT "work_order_lines_hose_assembly_id_hose_assemblies_id_fk" FOREIGN KEY ("hose_assembly_id") REFERENCES "public"."hose_assemblies"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "work_order_units" ADD CONSTRAINT "work_order_units_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "work_order_units" ADD CONSTRAINT "work_order_units_work_order_id_work_orders_id_fk" FOREIGN KEY ("work_order_id") REFERENCES "public"."work_orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "work_order_units" ADD CONSTRAINT "work_order_units_line_id_work_order_lines_id_fk" FOREIGN KEY ("line_id") REFERENCES "public"."work_order_lines"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "work_order_units" ADD CONSTRAINT "work_order_units_assembled_by_users_id_fk" FOREIGN KEY ("assembled_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "work_orders" ADD CONSTRAINT "work_orders_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "work_orders" ADD CONSTRAINT "work_orders_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "work_orders" ADD CONSTRAINT "work_orders_warehouse_id_warehouses_id_fk" FOREIGN KEY ("warehouse_id") REFERENCES "public"."warehouses"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "work_orders" ADD CONSTRAINT "work_orders_hose_kit_id_hose_kits_id_fk" FOREIGN KEY ("hose_kit_id") REFERENCES "public"."hose_kits"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "work_orders" ADD CONSTRAINT "work_orders_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "work_orders" ADD CONSTRAINT "work_orders_completed_by_users_id_fk" FOREIGN KEY ("completed_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "stock_reservations_org_place_idx" ON "stock_reservations" USING btree ("organization_id","component_id","warehouse_id");--> statement-breakpoint
CREATE INDEX "stock_reservations_org_order_idx" ON "stock_reservations" USING btree ("organization_id","work_order_id");--> statement-breakpoint
CREATE INDEX "work_order_lines_org_order_idx" ON "work_order_lines" USING btree ("organization_id","work_order_id","position");--> statement-breakpoint
CREATE UNIQUE INDEX "work_order_units_serial_key" ON "work_order_units" USING btree ("serial_id");--> statement-breakpoint
CREATE INDEX "work_order_units_org_order_idx" ON "work_order_units" USING btree ("organization_id","work_order_id","index");--> statement-breakpoint
CREATE UNIQUE INDEX "work_orders_org_number_key" ON "work_orders" USING btree ("organization_id",lower("number"));--> statement-breakpoint
CREATE INDEX "work_orders_org_status_idx" ON "work_orders" USING btree ("organization_id","status");--> statement-breakpoint
CREATE INDEX "work_orders_org_customer_idx" ON "work_orders" USING btree ("organization_id","customer_id");--> statement-breakpoint
CREATE INDEX "work_orders_org_created_idx" ON "work_orders" USING btree ("organization_id","created_at");--> statement-breakpoint
ALTER TABLE "work_orders" ADD CONSTRAINT "work_orders_status_check" CHECK ("status" IN ('draft', 'released', 'inProgress', 'completed', 'cancelled'));--> statement-breakpoint
ALTER TABLE "work_orders" ADD CONSTRAINT "work_orders_priority_check" CHECK ("priority" IN ('low', 'normal', 'high', 'urgent'));--> statement-breakpoint
ALTER TABLE "work_orders" ADD CONSTRAINT "work_orders_source_check" CHECK ("source" IN ('assemblies', 'kit', 'reorder'));--> statement-breakpoint
ALTER TABLE "work_order_lines" ADD CONSTRAINT "work_order_lines_quantity_check" CHECK ("quantity" > 0);--> statement-breakpoint
ALTER TABLE "stock_reservations" ADD CONSTRAINT "stock_reservations_quantity_check" CHECK ("quantity" > 0);
--> statement-breakpoint
UPDATE "hose_assemblies" SET "spec" = jsonb_set("spec", '{parts,hose,skive}', to_jsonb(coalesce("c"."skive", false)))
FROM "components" "c"
WHERE "c"."id" = "hose_assemblies"."hose_id" AND "hose_assemblies"."spec" #> '{parts,hose}' IS NOT NULL
  AND "hose_assemblies"."spec" #> '{parts,hose,skive}' IS NULL;
