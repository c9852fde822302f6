import { pipeline, Readable } from 'node:stream';
import { stringify } from 'csv-stringify';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  adminCategorySchema,
  adminGoodsDetailSchema,
  adminGoodsExportQuerySchema,
  adminGoodsQuerySchema,
  adminGoodsRowSchema,
  categoryInputSchema,
  envelopeSchema,
  goodsInputSchema,
  goodsShelfBodySchema,
  goodsShelfResultSchema,
  idParamsSchema,
  pagedEnvelopeSchema,
  PRICE_SHEET_MAX_BYTES,
  priceSheetResultSchema,
  SUPPORTED_LOCALES,
  AppError,
  Code,
  translate,
  type Locale,
} from '@shop/contract';
import { ok, paged } from '../../plugins/envelope.ts';
import type { StaffAccessControl } from '../staff/staff-access.ts';
import type { CatalogAdminService } from './catalog-admin.service.ts';
import type { CatalogChange } from './catalog-changes.ts';
import type { ShopLocale } from './catalog.service.ts';
import { decodeSheet } from './price-sheet.ts';
import type { PriceSheetService } from './price-sheet.service.ts';

const tags = ['admin: catalog'];

/** Cells a spreadsheet would run as a formula (or that start one after a tab or line break) get a leading `'`. */
export function csvSafe(cell: string): string {
  return /^[=+\-@\t\r]/.test(cell) ? `'${cell}` : cell;
}

/** Minor units as a plain decimal in the currency's own precision, e.g. 1999 USD → "19.99", 500 JPY → "500". */
export function majorUnits(amount: number, currency: string): string {
  const digits =
    new Intl.NumberFormat('en', { style: 'currency', currency }).resolvedOptions().maximumFractionDigits ?? 2;
  return (amount / 10 ** digits).toFixed(digits);
}

/**
 * Staff routes for goods and categories. Every change is audited by the service in its own transaction;
 * `catalogChanged` then updates the storefront's memory and drops its replies, before the answer, so shoppers see
 * the change at once (catalog-changes.ts).
 */
export function catalogAdminRoutes(
  app: FastifyInstance,
  service: CatalogAdminService,
  access: StaffAccessControl,
  catalogChanged: (change: CatalogChange) => Promise<void>,
  shopLocale: (locale: Locale) => ShopLocale,
) {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const staff = { access: 'staff' } as const;

  routes.get(
    '/v1/admin/goods',
    {
      config: staff,
      schema: {
        tags,
        summary:
          'Goods for staff: keyword, category (with its children), shelf, low stock, price range, sort',
        querystring: adminGoodsQuerySchema,
        response: { 200: pagedEnvelopeSchema(adminGoodsRowSchema) },
      },
    },
    async (request) => {
      const { items, meta } = await service.listGoods(request.query, shopLocale(request.locale));
      return paged(items, meta);
    },
  );

  routes.get(
    '/v1/admin/goods/export',
    {
      config: staff,
      schema: {
        tags,
        summary: 'The goods list as CSV (UTF-8 with BOM), same filters and sort as the list, every match',
        querystring: adminGoodsExportQuerySchema,
        produces: ['text/csv'],
      },
    },
    async (request, reply) => {
      const at = shopLocale(request.locale);
      const t = (key: Parameters<typeof translate>[1]) => translate(request.locale, key);
      const columns = [
        { key: 'id', header: t('csv.goods.id') },
        ...SUPPORTED_LOCALES.map((locale) => ({
          key: `name.${locale}`,
          header: `${t('csv.goods.name')} (${locale})`,
        })),
        { key: 'category', header: t('csv.goods.category') },
        { key: 'price', header: t('csv.goods.price') },
        { key: 'originalPrice', header: t('csv.goods.originalPrice') },
        { key: 'currency', header: t('csv.goods.currency') },
        { key: 'stock', header: t('csv.goods.stock') },
        { key: 'sales', header: t('csv.goods.sales') },
        { key: 'skus', header: t('csv.goods.skus') },
        { key: 'onShelf', header: t('csv.goods.onShelf') },
        { key: 'createdAt', header: t('csv.goods.createdAt') },
        { key: 'updatedAt', header: t('csv.goods.updatedAt') },
      ];
      async function* records() {
        for await (const row of service.exportGoods(request.query, at)) {
          yield {
            id: row.id,
            ...Object.fromEntries(
              SUPPORTED_LOCALES.map((locale) => [`name.${locale}`, row.names[locale] ?? '']),
            ),
            category: row.categoryName,
            price: majorUnits(row.price, row.currency),
            originalPrice: row.originalPrice === null ? '' : majorUnits(row.originalPrice, row.currency),
            currency: row.currency,
            stock: row.stock,
            sales: row.sales,
            skus: row.skuCount,
            onShelf: row.onShelf ? t('csv.yes') : t('csv.no'),
            createdAt: row.createdAt,
            updatedAt: row.updatedAt,
          };
        }
      }
      // Excel opens a CSV as UTF-8 only when it starts with a byte order mark; without one Chinese names garble.
      const csv = stringify({ bom: true, header: true, columns, cast: { string: csvSafe } });
      const body = pipeline(Readable.from(records()), csv, (error) => {
        if (error) request.log.error({ err: error }, 'goods export failed');
      });
      const day = new Date().toISOString().slice(0, 10);
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="goods-${day}.csv"`)
        .send(body);
    },
  );

  routes.get(
    '/v1/admin/goods/:id',
    {
      config: staff,
      schema: {
        tags,
        summary: 'One goods with every translation, its options and SKUs, for editing',
        params: idParamsSchema,
        response: { 200: envelopeSchema(adminGoodsDetailSchema) },
      },
    },
    async (request) => ok(await service.getGoods(request.params.id, shopLocale(request.locale))),
  );

  routes.post(
    '/v1/admin/goods',
    {
      config: staff,
      schema: {
        tags,
        summary: 'Create a goods with its translations, images, options and SKUs',
        body: goodsInputSchema,
        response: { 201: envelopeSchema(adminGoodsDetailSchema) },
      },
    },
    async (request, reply) => {
      const member = access.memberOf(request);
      const created = await service.createGoods(request.body, member.id, shopLocale(request.locale));
      await catalogChanged({ kind: 'goods', goods: [created.id] });
      return reply.code(201).send(ok(created));
    },
  );

  routes.put(
    '/v1/admin/goods/:id',
    {
      config: staff,
      schema: {
        tags,
        summary:
          'Rewrite a goods; SKUs sent with their id keep it, the others are replaced; 409 if stock moved under a changed figure',
        params: idParamsSchema,
        body: goodsInputSchema,
        response: { 200: envelopeSchema(adminGoodsDetailSchema) },
      },
    },
    async (request) => {
      const member = access.memberOf(request);
      const updated = await service.updateGoods(
        request.params.id,
        request.body,
        member.id,
        shopLocale(request.locale),
      );
      await catalogChanged({ kind: 'goods', goods: [request.params.id] });
      return ok(updated);
    },
  );

  routes.post(
    '/v1/admin/goods/shelf',
    {
      config: staff,
      schema: {
        tags,
        summary: 'Put goods on or off shelf, one or many at once',
        body: goodsShelfBodySchema,
        response: { 200: envelopeSchema(goodsShelfResultSchema) },
      },
    },
    async (request) => {
      const updated = await service.setShelf(request.body, access.memberOf(request).id);
      await catalogChanged({ kind: 'goods', goods: updated });
      return ok({ updated });
    },
  );

  routes.delete(
    '/v1/admin/goods/:id',
    {
      config: staff,
      schema: {
        tags,
        summary:
          'Delete a goods that was never ordered (an ordered one is refused: take it off shelf instead)',
        params: idParamsSchema,
        response: { 200: envelopeSchema(z.null()) },
      },
    },
    async (request) => {
      await service.deleteGoods(request.params.id, access.memberOf(request).id, shopLocale(request.locale));
      await catalogChanged({ kind: 'goods', goods: [request.params.id] });
      return ok(null);
    },
  );

  routes.get(
    '/v1/admin/categories',
    {
      config: staff,
      schema: {
        tags,
        summary: 'Categories as a tree, every translation, with goods counts',
        querystring: z.strictObject({}),
        response: { 200: envelopeSchema(z.array(adminCategorySchema)) },
      },
    },
    async () => ok(await service.listCategories()),
  );

  routes.post(
    '/v1/admin/categories',
    {
      config: staff,
      schema: {
        tags,
        summary: 'Create a category (top-level, or under a top-level one)',
        body: categoryInputSchema,
        response: { 201: envelopeSchema(adminCategorySchema) },
      },
    },
    async (request, reply) => {
      const created = await service.createCategory(
        request.body,
        access.memberOf(request).id,
        shopLocale(request.locale),
      );
      await catalogChanged({ kind: 'categories' });
      return reply.code(201).send(ok(created));
    },
  );

  routes.put(
    '/v1/admin/categories/:id',
    {
      config: staff,
      schema: {
        tags,
        summary: 'Update a category',
        params: idParamsSchema,
        body: categoryInputSchema,
        response: { 200: envelopeSchema(adminCategorySchema) },
      },
    },
    async (request) => {
      const updated = await service.updateCategory(
        request.params.id,
        request.body,
        access.memberOf(request).id,
        shopLocale(request.locale),
      );
      await catalogChanged({ kind: 'categories' });
      return ok(updated);
    },
  );

  routes.delete(
    '/v1/admin/categories/:id',
    {
      config: staff,
      schema: {
        tags,
        summary: 'Delete an empty category (one with goods or subcategories is refused)',
        params: idParamsSchema,
        response: { 200: envelopeSchema(z.null()) },
      },
    },
    async (request) => {
      await service.deleteCategory(request.params.id, access.memberOf(request).id);
      await catalogChanged({ kind: 'categories' });
      return ok(null);
    },
  );
}

/**
 * The price sheet (price-sheet.service.ts): every SKU's prices per currency as CSV, downloaded with the goods list's
 * filters and uploaded again after editing. Open to whoever may edit goods.
 */
export function priceSheetRoutes(
  app: FastifyInstance,
  priceSheet: PriceSheetService,
  access: StaffAccessControl,
  catalogChanged: (change: CatalogChange) => Promise<void>,
  shopLocale: (locale: Locale) => ShopLocale,
) {
  const staff = { access: 'staff' } as const;

  app.withTypeProvider<ZodTypeProvider>().get(
    '/v1/admin/goods/prices.csv',
    {
      config: staff,
      schema: {
        tags,
        summary:
          'The price sheet: one row per SKU of the goods matching the list filters, with fixed headers sku_id, ' +
          'goods_id, name, options, then price_<CUR> and original_price_<CUR> for the shop currency and every ' +
          'other currency a market sells in; amounts in major units ("69.90"), empty = none (CSV, UTF-8 with BOM)',
        querystring: adminGoodsExportQuerySchema,
        produces: ['text/csv'],
      },
    },
    async (request, reply) => {
      const at = shopLocale(request.locale);
      const header = priceSheet.header(at.currency);
      const csv = stringify({
        bom: true,
        header: true,
        columns: header.map((key) => ({ key, header: key })),
        cast: { string: csvSafe },
      });
      const body = pipeline(Readable.from(priceSheet.exportRows(request.query, at)), csv, (error) => {
        if (error) request.log.error({ err: error }, 'price sheet export failed');
      });
      const day = new Date().toISOString().slice(0, 10);
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="prices-${day}.csv"`)
        .send(body);
    },
  );

  // The sheet arrives as the request body itself, read as UTF-8 text (a byte order mark is dropped).
  void app.register(async (scope) => {
    scope.addContentTypeParser(
      'text/csv',
      { parseAs: 'buffer', bodyLimit: PRICE_SHEET_MAX_BYTES },
      (_request, body, done) => {
        try {
          done(null, decodeSheet(body as Buffer));
        } catch (error) {
          done(error as Error);
        }
      },
    );
    const notCsv = 'validation.priceSheet.notCsv';
    scope.withTypeProvider<ZodTypeProvider>().post(
      '/v1/admin/goods/prices.csv',
      {
        config: staff,
        schema: {
          tags,
          summary:
            'Apply an edited price sheet (the body, Content-Type text/csv, at most 5 MB) whole or not at all: ' +
            'shop-currency prices to the SKUs, other currencies to their own prices (an empty price removes it); ' +
            'goods_id, name and options are ignored. A refusal (code 1) names fields rows.<row>.<column>, ' +
            'columns.<header> or body, and changes nothing',
          consumes: ['text/csv'],
          body: z.string({ error: notCsv }),
          response: { 200: envelopeSchema(priceSheetResultSchema) },
        },
      },
      async (request) => {
        const type = request.headers['content-type']?.split(';')[0]?.trim().toLowerCase();
        if (type !== 'text/csv') throw new AppError(Code.validation, notCsv, { body: notCsv });
        const applied = await priceSheet.apply(
          request.body,
          access.memberOf(request).id,
          shopLocale(request.locale),
        );
        // Many goods at once: every instance reads its whole shelf again rather than a message listing them all.
        if (applied.goods.length > 1_000) await catalogChanged({ kind: 'everything' });
        else if (applied.goods.length > 0) await catalogChanged({ kind: 'goods', goods: applied.goods });
        return ok({ updated: applied.updated, unchanged: applied.unchanged });
      },
    );
  });
}
