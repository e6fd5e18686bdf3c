-- The default warehouse an admin named in the settings becomes a warehouse row, the organisation's default.
INSERT INTO "warehouses" ("organization_id", "code", "name", "is_default")
  SELECT "organization_id", coalesce(nullif("default_warehouse_code", ''), 'MAIN'),
         coalesce(nullif("default_warehouse_name", ''), nullif("default_warehouse_code", ''), 'Main warehouse'), true
  FROM "organization_settings"
  WHERE "default_warehouse_name" <> '' OR "default_warehouse_code" <> '';--> statement-breakpoint
ALTER TABLE "organization_settings" DROP COLUMN "default_warehouse_name";--> statement-breakpoint
ALTER TABLE "organization_settings" DROP COLUMN "default_warehouse_code";