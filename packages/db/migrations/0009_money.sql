CREATE TABLE "order_returns" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"order_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"status" text DEFAULT 'new' NOT NULL,
	"reason" text NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"lines" jsonb NOT NULL,
	"staff_message" text DEFAULT '' NOT NULL,
	"refund_id" uuid,
	"history" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "order_returns_status" CHECK ("order_returns"."status" in ('new', 'approved', 'rejected', 'received', 'refunded'))
);
--> statement-breakpoint
ALTER TABLE "charges" DROP CONSTRAINT "charges_status";--> statement-breakpoint
ALTER TABLE "orders" DROP CONSTRAINT "orders_status";--> statement-breakpoint
ALTER TABLE "refunds" DROP CONSTRAINT "refunds_amount";--> statement-breakpoint
DROP INDEX "refunds_order_unique";--> statement-breakpoint
ALTER TABLE "refunds" ALTER COLUMN "actor_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "charges" ADD COLUMN "refunded_amount" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "order_lines" ADD COLUMN "id" uuid DEFAULT gen_random_uuid() NOT NULL;--> statement-breakpoint
ALTER TABLE "order_lines" ADD COLUMN "refunded_quantity" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "shipped_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "refunded_amount" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "refunds" ADD COLUMN "charge_id" uuid;--> statement-breakpoint
ALTER TABLE "refunds" ADD COLUMN "kind" text DEFAULT 'staff' NOT NULL;--> statement-breakpoint
ALTER TABLE "refunds" ADD COLUMN "status" text DEFAULT 'pending' NOT NULL;--> statement-breakpoint
ALTER TABLE "refunds" ADD COLUMN "lines" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "refunds" ADD COLUMN "return_id" uuid;--> statement-breakpoint
ALTER TABLE "refunds" ADD COLUMN "sent_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "refunds" ADD COLUMN "updated_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "webhook_deliveries" ADD COLUMN "dedupe_key" text;--> statement-breakpoint
-- Refunds made before this migration were whole-order refunds of the order's one succeeded charge, done at once.
UPDATE "refunds" SET "status" = 'succeeded', "sent_at" = "created_at",
  "charge_id" = (SELECT "id" FROM "charges" WHERE "charges"."order_id" = "refunds"."order_id" AND "charges"."status" = 'succeeded' ORDER BY "created_at" LIMIT 1);--> statement-breakpoint
UPDATE "charges" SET "status" = 'refunded', "refunded_amount" = "amount"
  WHERE "id" IN (SELECT "charge_id" FROM "refunds");--> statement-breakpoint
UPDATE "orders" SET "refunded_amount" = "total" WHERE "status" = 'refunded';--> statement-breakpoint
UPDATE "order_lines" SET "refunded_quantity" = "quantity"
  WHERE "order_id" IN (SELECT "id" FROM "orders" WHERE "status" = 'refunded');--> statement-breakpoint
ALTER TABLE "refunds" ALTER COLUMN "charge_id" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "refunds" ALTER COLUMN "kind" DROP DEFAULT;--> statement-breakpoint
-- Only one pay link may stay live per order: older pending charges are voided.
UPDATE "charges" SET "status" = 'voided' WHERE "status" = 'pending' AND "id" NOT IN (
  SELECT DISTINCT ON ("order_id") "id" FROM "charges" WHERE "status" = 'pending' ORDER BY "order_id", "created_at" DESC);--> statement-breakpoint
UPDATE "orders" SET "shipped_at" = "updated_at" WHERE "carrier" IS NOT NULL;--> statement-breakpoint
ALTER TABLE "order_returns" ADD CONSTRAINT "order_returns_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_returns" ADD CONSTRAINT "order_returns_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "order_returns_order_idx" ON "order_returns" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "order_returns_status_created_idx" ON "order_returns" USING btree ("status","created_at");--> statement-breakpoint
ALTER TABLE "refunds" ADD CONSTRAINT "refunds_charge_id_charges_id_fk" FOREIGN KEY ("charge_id") REFERENCES "public"."charges"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "charges_one_pending_per_order" ON "charges" USING btree ("order_id") WHERE "charges"."status" = 'pending';--> statement-breakpoint
CREATE INDEX "refunds_order_idx" ON "refunds" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "refunds_unsent_idx" ON "refunds" USING btree ("created_at") WHERE "refunds"."sent_at" is null and "refunds"."status" = 'pending';--> statement-breakpoint
CREATE UNIQUE INDEX "refunds_automatic_once" ON "refunds" USING btree ("charge_id") WHERE "refunds"."kind" = 'automatic';--> statement-breakpoint
ALTER TABLE "order_lines" ADD CONSTRAINT "order_lines_id_unique" UNIQUE("id");--> statement-breakpoint
ALTER TABLE "webhook_deliveries" ADD CONSTRAINT "webhook_deliveries_dedupe_unique" UNIQUE("dedupe_key");--> statement-breakpoint
ALTER TABLE "charges" ADD CONSTRAINT "charges_refunded_amount" CHECK ("charges"."refunded_amount" between 0 and "charges"."amount");--> statement-breakpoint
ALTER TABLE "charges" ADD CONSTRAINT "charges_status" CHECK ("charges"."status" in ('pending', 'succeeded', 'failed', 'voided', 'refunded', 'partially_refunded'));--> statement-breakpoint
ALTER TABLE "order_lines" ADD CONSTRAINT "order_lines_refunded_quantity" CHECK ("order_lines"."refunded_quantity" between 0 and "order_lines"."quantity");--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_refunded_amount" CHECK ("orders"."refunded_amount" between 0 and "orders"."total");--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_status" CHECK ("orders"."status" in ('pending_payment', 'paid', 'shipped', 'completed', 'cancelled', 'refunded', 'partially_refunded'));--> statement-breakpoint
ALTER TABLE "refunds" ADD CONSTRAINT "refunds_status" CHECK ("refunds"."status" in ('pending', 'succeeded', 'failed'));--> statement-breakpoint
ALTER TABLE "refunds" ADD CONSTRAINT "refunds_kind" CHECK ("refunds"."kind" in ('staff', 'return', 'automatic'));--> statement-breakpoint
ALTER TABLE "refunds" ADD CONSTRAINT "refunds_amount" CHECK ("refunds"."amount" > 0);