CREATE TABLE "shipping_zone_places" (
	"country" text NOT NULL,
	"region" text DEFAULT '' NOT NULL,
	"zone_id" uuid NOT NULL,
	CONSTRAINT "shipping_zone_places_country_region_pk" PRIMARY KEY("country","region")
);
--> statement-breakpoint
CREATE TABLE "shipping_zones" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"names" jsonb NOT NULL,
	"methods" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "markets" ADD COLUMN "free_shipping_over" integer;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "shipping_method" jsonb;--> statement-breakpoint
ALTER TABLE "skus" ADD COLUMN "weight_grams" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "shipping_zone_places" ADD CONSTRAINT "shipping_zone_places_zone_id_shipping_zones_id_fk" FOREIGN KEY ("zone_id") REFERENCES "public"."shipping_zones"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "shipping_zone_places_zone_idx" ON "shipping_zone_places" USING btree ("zone_id");--> statement-breakpoint
ALTER TABLE "skus" ADD CONSTRAINT "skus_weight_nonnegative" CHECK ("skus"."weight_grams" >= 0);