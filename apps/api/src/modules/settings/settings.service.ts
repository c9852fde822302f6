import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { pickText, type Locale, type Systems } from '@shop/contract';
import { schema, type Db, type ShopSettingsRecord } from '@shop/db';

/** The stored document also keeps the key of the dashboard's visitor hashes, which no reply ever carries. */
type StoredSettings = ShopSettingsRecord & { visitorSecret?: string };

/**
 * The shop's settings document, read once and kept in memory: every request needs the default locale, and
 * settings change only through this service.
 */
/** Days after shipping in which goods may be returned, when the shop has not chosen. */
export const DEFAULT_RETURN_WINDOW_DAYS = 30;

export class SettingsService {
  private current: StoredSettings | undefined;
  private visitorKey: string | undefined;

  constructor(private readonly db: Db) {}

  async load(): Promise<void> {
    const [row] = await this.db
      .select({ data: schema.shopSettings.data })
      .from(schema.shopSettings)
      .where(eq(schema.shopSettings.id, 1));
    if (!row) throw new Error('Shop settings are missing: the reference seed has not run.');
    this.current = row.data;
    if (!this.current.webhookSecret || !this.current.visitorSecret) {
      this.current = {
        ...this.current,
        webhookSecret: this.current.webhookSecret ?? randomBytes(32).toString('base64url'),
        visitorSecret: this.current.visitorSecret ?? randomBytes(32).toString('base64url'),
      };
      await this.db
        .update(schema.shopSettings)
        .set({ data: this.current })
        .where(eq(schema.shopSettings.id, 1));
    }
    this.visitorKey = this.current.visitorSecret;
  }

  get settings(): ShopSettingsRecord {
    if (!this.current) throw new Error('SettingsService.load() has not been called.');
    return this.current;
  }

  webhookSecret = (): string => this.settings.webhookSecret!;

  /**
   * Puts a settings document written by the back office in force, for every request from now on (the payments
   * module reads the webhook secret through `webhookSecret`, so a rotated secret signs and verifies at once). Call
   * it after the transaction that wrote the document has committed.
   */
  adopt(next: ShopSettingsRecord): void {
    this.current = next;
  }

  /**
   * Keys the storefront's daily visitor hashes (HMAC of address, browser and day): generated at first start,
   * kept in the settings document, never sent to clients. Held apart so a settings update cannot drop it
   * mid-run; updates must keep `visitorSecret` in the document like `webhookSecret`.
   */
  visitorSecret = (): string => {
    if (!this.visitorKey) throw new Error('SettingsService.load() has not been called.');
    return this.visitorKey;
  };

  defaultLocale = (): Locale => this.current?.defaultLocale ?? 'zh-CN';

  toSystems(locale: Locale): Systems {
    const s = this.settings;
    const text = (t: Parameters<typeof pickText>[0]) => pickText(t, locale, s.defaultLocale);
    return {
      shopName: text(s.shopName),
      logo: s.logo,
      currency: s.currency,
      shopCurrency: s.currency,
      defaultLocale: s.defaultLocale,
      banners: s.banners.map((b) => ({ image: b.image, title: text(b.title), link: b.link })),
      shippingFee: s.shippingFee,
      freeShippingOver: s.freeShippingOver,
      paymentWindowMinutes: s.paymentWindowMinutes,
      returnWindowDays: s.returnWindowDays ?? DEFAULT_RETURN_WINDOW_DAYS,
      contact: { email: s.contact.email, phone: s.contact.phone, address: text(s.contact.address) },
    };
  }
}
