CREATE TABLE "hose_pieces" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL,
	"component_id" uuid NOT NULL,
	"warehouse_id" uuid NOT NULL,
	"location_id" uuid,
	"length" numeric NOT NULL,
	"received_length" numeric NOT NULL,
	"batch" text DEFAULT '' NOT NULL,
	"date_code" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "organization_settings" ADD COLUMN "remnant_length_mm" integer DEFAULT 1500 NOT NULL;--> statement-breakpoint
ALTER TABLE "organization_settings" ADD COLUMN "hose_shelf_life_months" integer DEFAULT 48 NOT NULL;--> statement-breakpoint
ALTER TABLE "stock_reservations" ADD COLUMN "piece_id" uuid;--> statement-breakpoint
ALTER TABLE "hose_pieces" ADD CONSTRAINT "hose_pieces_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "hose_pieces" ADD CONSTRAINT "hose_pieces_component_id_components_id_fk" FOREIGN KEY ("component_id") REFERENCES "public"."components"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "hose_pieces" ADD CONSTRAINT "hose_pieces_warehouse_id_warehouses_id_fk" FOREIGN KEY ("warehouse_id") REFERENCES "public"."warehouses"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "hose_pieces" ADD CONSTRAINT "hose_pieces_location_id_warehouse_locations_id_fk" FOREIGN KEY ("location_id") REFERENCES "public"."warehouse_locations"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "hose_pieces_org_place_idx" ON "hose_pieces" USING btree ("organization_id","component_id","warehouse_id","location_id");--> statement-breakpoint
ALTER TABLE "stock_reservations" ADD CONSTRAINT "stock_reservations_piece_id_hose_pieces_id_fk" FOREIGN KEY ("piece_id") REFERENCES "public"."hose_pieces"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "hose_pieces" ADD CONSTRAINT "hose_pieces_length_check" CHECK ("length" >= 0 AND "received_length" >= "length");
--> statement-breakpoint
ALTER TABLE "organization_settings" ADD CONSTRAINT "organization_settings_remnant_length_check" CHECK ("remnant_length_mm" >= 0);
--> statement-breakpoint
ALTER TABLE "organization_settings" ADD CONSTRAINT "organization_settings_shelf_life_check" CHECK ("hose_shelf_life_months" > 0);
--> statement-breakpoint
INSERT INTO "hose_pieces" ("organization_id", "component_id", "warehouse_id", "location_id", "length", "received_length", "created_at")
SELECT "l"."organization_id", "l"."component_id", "l"."warehouse_id", "l"."location_id", "l"."on_hand", "l"."on_hand", "l"."updated_at"
FROM "stock_levels" "l" JOIN "components" "c" ON "c"."id" = "l"."component_id"
WHERE "c"."cost_unit" IN ('m', 'ft') AND "l"."on_hand" > 0;
--> statement-breakpoint
UPDATE "stock_reservations" "r" SET "piece_id" = "p"."id"
FROM "hose_pieces" "p"
WHERE "p"."organization_id" = "r"."organization_id" AND "p"."component_id" = "r"."component_id"
  AND "p"."warehouse_id" = "r"."warehouse_id" AND "p"."location_id" IS NOT DISTINCT FROM "r"."location_id";
