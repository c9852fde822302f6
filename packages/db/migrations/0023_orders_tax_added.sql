ALTER TABLE "orders" DROP CONSTRAINT "orders_total";--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "tax_added" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_total" CHECK ("orders"."total" = "orders"."subtotal" - "orders"."discount" + "orders"."shipping" + "orders"."tax_added" and "orders"."total" >= 0 and "orders"."tax_added" >= 0);