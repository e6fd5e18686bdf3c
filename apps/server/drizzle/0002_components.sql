CREATE TABLE "components" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"origin" text NOT NULL,
	"sample" boolean DEFAULT false NOT NULL,
	"part_number" text NOT NULL,
	"brand" text DEFAULT '' NOT NULL,
	"part_key" text GENERATED ALWAYS AS (lower("brand") || '|' || lower("part_number")) STORED NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"product_group" text,
	"supplier" text,
	"cost" numeric,
	"cost_unit" text DEFAULT 'each' NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"series" text,
	"dash" integer,
	"standard" text,
	"working_pressure_psi" integer,
	"burst_pressure_psi" integer,
	"temp_min_c" numeric,
	"temp_max_c" numeric,
	"min_bend_radius_mm" numeric,
	"od_mm" numeric,
	"skive" boolean,
	"end_type" text,
	"thread" text,
	"gender" text,
	"swivel" boolean,
	"angle" integer,
	"pieces" integer,
	"cutoff_mm" numeric,
	"end_a" text,
	"end_b" text,
	"style" text,
	"fits_od_min_mm" numeric,
	"fits_od_max_mm" numeric,
	"fit_after_assembly" boolean,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "coupling_series" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL,
	"origin" text NOT NULL,
	"sample" boolean DEFAULT false NOT NULL,
	"brand" text DEFAULT '' NOT NULL,
	"code" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"skive" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "crimp_specs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL,
	"hose_id" uuid NOT NULL,
	"fitting_series" text NOT NULL,
	"crimp_od_mm" numeric NOT NULL,
	"tolerance_mm" numeric NOT NULL,
	"die" text NOT NULL,
	"revision" text NOT NULL,
	"sample" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "import_logs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL,
	"user_id" uuid,
	"job_id" uuid,
	"target" text NOT NULL,
	"file_name" text NOT NULL,
	"file" "bytea" NOT NULL,
	"mapping" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"status" text DEFAULT 'queued' NOT NULL,
	"rows_total" integer DEFAULT 0 NOT NULL,
	"created" integer DEFAULT 0 NOT NULL,
	"updated" integer DEFAULT 0 NOT NULL,
	"errors" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"message" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "jobs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL,
	"user_id" uuid,
	"type" text NOT NULL,
	"status" text DEFAULT 'queued' NOT NULL,
	"progress" integer DEFAULT 0 NOT NULL,
	"message" text DEFAULT '' NOT NULL,
	"payload" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"result" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"started_at" timestamp with time zone,
	"finished_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "notifications" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"status" integer NOT NULL,
	"description" text NOT NULL,
	"url" text DEFAULT '' NOT NULL,
	"view_status" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "organization_lookups" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL,
	"list" text NOT NULL,
	"code" text NOT NULL,
	"name" text NOT NULL,
	"position" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "organization_settings" (
	"organization_id" uuid PRIMARY KEY NOT NULL,
	"has_parker" boolean DEFAULT false NOT NULL,
	"hide_inventory" boolean DEFAULT false NOT NULL,
	"use_beta_features" boolean DEFAULT false NOT NULL,
	"revision_delimiter" text DEFAULT '_' NOT NULL,
	"part_number_pattern" text DEFAULT 'C-{00000}' NOT NULL,
	"default_adaptor_brand" text DEFAULT '' NOT NULL,
	"erp_name" text DEFAULT '' NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "pending_items" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"part_number" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"payload" jsonb NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"submitted_by" uuid NOT NULL,
	"reviewed_by" uuid,
	"review_note" text,
	"component_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"reviewed_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "components" ADD CONSTRAINT "components_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "coupling_series" ADD CONSTRAINT "coupling_series_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "crimp_specs" ADD CONSTRAINT "crimp_specs_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "crimp_specs" ADD CONSTRAINT "crimp_specs_hose_id_components_id_fk" FOREIGN KEY ("hose_id") REFERENCES "public"."components"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "import_logs" ADD CONSTRAINT "import_logs_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "import_logs" ADD CONSTRAINT "import_logs_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "import_logs" ADD CONSTRAINT "import_logs_job_id_jobs_id_fk" FOREIGN KEY ("job_id") REFERENCES "public"."jobs"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "jobs" ADD CONSTRAINT "jobs_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "jobs" ADD CONSTRAINT "jobs_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "organization_lookups" ADD CONSTRAINT "organization_lookups_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "organization_settings" ADD CONSTRAINT "organization_settings_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pending_items" ADD CONSTRAINT "pending_items_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pending_items" ADD CONSTRAINT "pending_items_submitted_by_users_id_fk" FOREIGN KEY ("submitted_by") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pending_items" ADD CONSTRAINT "pending_items_reviewed_by_users_id_fk" FOREIGN KEY ("reviewed_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pending_items" ADD CONSTRAINT "pending_items_component_id_components_id_fk" FOREIGN KEY ("component_id") REFERENCES "public"."components"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "components_org_kind_part_key" ON "components" USING btree ("organization_id","kind","part_key");--> statement-breakpoint
CREATE INDEX "components_org_kind_part_idx" ON "components" USING btree ("organization_id","kind","part_number");--> statement-breakpoint
CREATE INDEX "components_org_series_dash_idx" ON "components" USING btree ("organization_id","kind","series","dash");--> statement-breakpoint
CREATE INDEX "components_search_idx" ON "components" USING gin (lower("part_number" || ' ' || "brand" || ' ' || "description") gin_trgm_ops);--> statement-breakpoint
CREATE UNIQUE INDEX "coupling_series_org_brand_code_key" ON "coupling_series" USING btree ("organization_id",lower("brand"),lower("code"));--> statement-breakpoint
CREATE UNIQUE INDEX "crimp_specs_org_hose_series_rev_key" ON "crimp_specs" USING btree ("organization_id","hose_id","fitting_series","revision");--> statement-breakpoint
CREATE INDEX "import_logs_org_created_idx" ON "import_logs" USING btree ("organization_id","created_at");--> statement-breakpoint
CREATE INDEX "jobs_status_idx" ON "jobs" USING btree ("status","created_at");--> statement-breakpoint
CREATE INDEX "notifications_org_user_idx" ON "notifications" USING btree ("organization_id","user_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "organization_lookups_org_list_code_key" ON "organization_lookups" USING btree ("organization_id","list",lower("code"));--> statement-breakpoint
CREATE INDEX "pending_items_org_status_idx" ON "pending_items" USING btree ("organization_id","status");