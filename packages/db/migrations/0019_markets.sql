CREATE TABLE "market_countries" (
	"country" text PRIMARY KEY NOT NULL,
	"market" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "markets" (
	"code" text PRIMARY KEY NOT NULL,
	"names" jsonb NOT NULL,
	"currency" text NOT NULL,
	"tax_inclusive" boolean NOT NULL,
	"default_locale" text NOT NULL,
	"rate_millionths" bigint NOT NULL,
	"rounding" text NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "market" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "rate_millionths" bigint DEFAULT 1000000 NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "market" text;--> statement-breakpoint
ALTER TABLE "market_countries" ADD CONSTRAINT "market_countries_market_markets_code_fk" FOREIGN KEY ("market") REFERENCES "public"."markets"("code") ON DELETE cascade ON UPDATE cascade;--> statement-breakpoint
CREATE INDEX "market_countries_market_idx" ON "market_countries" USING btree ("market");