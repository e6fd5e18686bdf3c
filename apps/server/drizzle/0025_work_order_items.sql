CREATE TABLE "work_order_items" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL,
	"work_order_id" uuid NOT NULL,
	"position" integer NOT NULL,
	"component_id" uuid NOT NULL,
	"quantity" numeric NOT NULL,
	"count" integer NOT NULL
);
--> statement-breakpoint
ALTER TABLE "work_order_items" ADD CONSTRAINT "work_order_items_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "work_order_items" ADD CONSTRAINT "work_order_items_work_order_id_work_orders_id_fk" FOREIGN KEY ("work_order_id") REFERENCES "public"."work_orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "work_order_items" ADD CONSTRAINT "work_order_items_component_id_components_id_fk" FOREIGN KEY ("component_id") REFERENCES "public"."components"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "work_order_items_org_order_idx" ON "work_order_items" USING btree ("organization_id","work_order_id","position");--> statement-breakpoint
ALTER TABLE "work_order_items" ADD CONSTRAINT "work_order_items_quantity_check" CHECK ("quantity" > 0 AND "count" > 0);
