DROP INDEX "components_search_idx";--> statement-breakpoint
CREATE INDEX "components_words_idx" ON "components" USING gin (to_tsvector('simple', "part_number" || ' ' || "brand" || ' ' || "description")) WITH (fastupdate=false);--> statement-breakpoint
CREATE INDEX "components_part_prefix_idx" ON "components" USING btree ("organization_id",(lower("part_number") collate "C"));