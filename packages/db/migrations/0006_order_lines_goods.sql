-- Goods that were ever ordered cannot be deleted: the orders module answers "any line of this goods?" from here.
CREATE INDEX "order_lines_goods_idx" ON "order_lines" USING btree ("goods_id");
