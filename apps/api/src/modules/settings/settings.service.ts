import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { pickText, type Locale, type Systems } from '@shop/contract';
import { schema, type Db, type ShopSettingsRecord } from '@shop/db';

/**
 * The shop's settings document, read once and kept in memory: every request needs the default locale, and
 * settings change only through this service.
 */
export class SettingsService {
  private current: ShopSettingsRecord | undefined;

  constructor(private readonly db: Db) {}

  async load(): Promise<void> {
    const [row] = await this.db
      .select({ data: schema.shopSettings.data })
      .from(schema.shopSettings)
      .where(eq(schema.shopSettings.id, 1));
    if (!row) throw new Error('Shop settings are missing: the reference seed has not run.');
    this.current = row.data;
    if (!this.current.webhookSecret) {
      this.current = { ...this.current, webhookSecret: randomBytes(32).toString('base64url') };
      await this.db
        .update(schema.shopSettings)
        .set({ data: this.current })
        .where(eq(schema.shopSettings.id, 1));
    }
  }

  get settings(): ShopSettingsRecord {
    if (!this.current) throw new Error('SettingsService.load() has not been called.');
    return this.current;
  }

  webhookSecret = (): string => this.settings.webhookSecret!;

  defaultLocale = (): Locale => this.current?.defaultLocale ?? 'zh-CN';

  toSystems(locale: Locale): Systems {
    const s = this.settings;
    const text = (t: Parameters<typeof pickText>[0]) => pickText(t, locale, s.defaultLocale);
    return {
      shopName: text(s.shopName),
      logo: s.logo,
      currency: s.currency,
      defaultLocale: s.defaultLocale,
      banners: s.banners.map((b) => ({ image: b.image, title: text(b.title), link: b.link })),
      shippingFee: s.shippingFee,
      freeShippingOver: s.freeShippingOver,
      paymentWindowMinutes: s.paymentWindowMinutes,
      contact: { email: s.contact.email, phone: s.contact.phone, address: text(s.contact.address) },
    };
  }
}
