-- Search over goods names and descriptions in every locale. The trigram indexes need pg_trgm (a trusted
-- extension since PostgreSQL 13, and loaded into PGlite by createDb).
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
-- The search terms trigrams cannot find, because they are shorter than three characters: every Chinese or
-- Japanese character and every pair of neighbours (those scripts put no space between words), and Latin words
-- of one or two letters. The trigger below stores those of the lower-cased names in goods.search_grams; the
-- catalog service applies the function to a short search term.
CREATE FUNCTION goods_search_grams(document text) RETURNS text[]
LANGUAGE sql IMMUTABLE PARALLEL SAFE
AS $$
  SELECT coalesce(array_agg(DISTINCT gram), '{}')
  FROM (
    SELECT substr(run.chars[1], at.i, width.n) AS gram
    FROM regexp_matches(document, '[\u3040-\u30ff\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff]+', 'g') AS run(chars)
      CROSS JOIN LATERAL generate_series(1, char_length(run.chars[1])) AS at(i)
      CROSS JOIN (VALUES (1), (2)) AS width(n)
    WHERE at.i + width.n - 1 <= char_length(run.chars[1])
    UNION ALL
    SELECT word
    FROM regexp_split_to_table(document, '[^0-9a-z\u00c0-\u024f]+') AS word
    WHERE char_length(word) BETWEEN 1 AND 2
  ) AS grams
$$;--> statement-breakpoint
DROP INDEX "goods_shelf_created_idx";--> statement-breakpoint
DROP INDEX "goods_price_idx";--> statement-breakpoint
DROP INDEX "goods_sales_idx";--> statement-breakpoint
DROP INDEX "goods_category_idx";--> statement-breakpoint
ALTER TABLE "goods" ADD COLUMN "search_names" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "goods" ADD COLUMN "search_text" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "goods" ADD COLUMN "search_grams" text[] DEFAULT '{}' NOT NULL;--> statement-breakpoint
CREATE INDEX "goods_shelf_newest_idx" ON "goods" USING btree ("created_at","id") WHERE "goods"."on_shelf";--> statement-breakpoint
CREATE INDEX "goods_shelf_sales_idx" ON "goods" USING btree ("sales","created_at","id") WHERE "goods"."on_shelf";--> statement-breakpoint
CREATE INDEX "goods_shelf_price_idx" ON "goods" USING btree ("price","id") WHERE "goods"."on_shelf";--> statement-breakpoint
CREATE INDEX "goods_search_text_trgm_idx" ON "goods" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "goods_search_names_trgm_idx" ON "goods" USING gin ("search_names" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "goods_search_grams_idx" ON "goods" USING gin ("search_grams");--> statement-breakpoint
CREATE INDEX "goods_category_idx" ON "goods" USING btree ("category_id","on_shelf","price");--> statement-breakpoint
-- The search columns of goods follow goods_translations: one UPDATE per statement, whatever its size, so a
-- seed inserting thousands of translations refreshes each goods once.
CREATE FUNCTION goods_refresh_search(goods_ids uuid[]) RETURNS void
LANGUAGE sql
AS $$
  UPDATE goods
  SET search_names = documents.names,
    search_text = documents.everything,
    search_grams = goods_search_grams(documents.names)
  FROM (
    SELECT ids.id,
      lower(coalesce(string_agg(t.name, E'\n' ORDER BY t.locale), '')) AS names,
      lower(coalesce(string_agg(t.name || E'\n' || t.description, E'\n' ORDER BY t.locale), '')) AS everything
    FROM unnest(goods_ids) AS ids(id)
      LEFT JOIN goods_translations t ON t.goods_id = ids.id
    GROUP BY ids.id
  ) AS documents
  WHERE goods.id = documents.id
    AND (goods.search_names, goods.search_text) IS DISTINCT FROM (documents.names, documents.everything)
$$;--> statement-breakpoint
CREATE FUNCTION goods_translations_changed() RETURNS trigger
LANGUAGE plpgsql
AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM goods_refresh_search(array(SELECT DISTINCT goods_id FROM new_rows));
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM goods_refresh_search(array(SELECT DISTINCT goods_id FROM old_rows));
  ELSE
    PERFORM goods_refresh_search(array(SELECT goods_id FROM new_rows UNION SELECT goods_id FROM old_rows));
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER goods_translations_search_insert AFTER INSERT ON goods_translations
  REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION goods_translations_changed();--> statement-breakpoint
CREATE TRIGGER goods_translations_search_update AFTER UPDATE ON goods_translations
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION goods_translations_changed();--> statement-breakpoint
CREATE TRIGGER goods_translations_search_delete AFTER DELETE ON goods_translations
  REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION goods_translations_changed();--> statement-breakpoint
SELECT goods_refresh_search(array(SELECT id FROM goods));
