ALTER TABLE "organization_settings" ADD COLUMN "shop_address" jsonb;--> statement-breakpoint
ALTER TABLE "organization_settings" ADD COLUMN "shop_phone" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "organization_settings" ADD COLUMN "shop_email" text DEFAULT '' NOT NULL;