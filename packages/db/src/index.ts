export * from './client.ts';
export * as schema from './schema.ts';
export type { GoodsOptionRecord, ShopSettingsRecord, BannerRecord } from './schema.ts';
