export * from './client.ts';
export * as schema from './schema.ts';
export type {
  AddressSnapshot,
  BannerRecord,
  GoodsOptionRecord,
  SkuPriceRecord,
  SkuPriceRecords,
  ShippingMethodRecord,
  ShopSettingsRecord,
} from './schema.ts';
export * from './transactions.ts';
