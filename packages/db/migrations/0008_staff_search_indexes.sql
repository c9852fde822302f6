CREATE INDEX "orders_recipient_name_trgm_idx" ON "orders" USING gin (("address"->>'name') gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "orders_recipient_phone_trgm_idx" ON "orders" USING gin (regexp_replace("address"->>'phone', '\D', '', 'g') gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "users_email_trgm_idx" ON "users" USING gin ("email" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "users_nickname_trgm_idx" ON "users" USING gin ("nickname" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "users_phone_trgm_idx" ON "users" USING gin ("phone" gin_trgm_ops);