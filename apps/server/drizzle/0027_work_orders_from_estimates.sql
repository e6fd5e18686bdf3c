-- A work order may come from an accepted sales estimate (ADR 21): source 'estimate'.
ALTER TABLE "work_orders" DROP CONSTRAINT "work_orders_source_check";--> statement-breakpoint
ALTER TABLE "work_orders" ADD CONSTRAINT "work_orders_source_check" CHECK ("source" IN ('assemblies', 'kit', 'reorder', 'estimate'));
