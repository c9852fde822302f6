import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { AppError, Code, type AdminShopSettings, type ShopSettingsInput } from '@shop/contract';
import { schema, type Db, type ShopSettingsRecord } from '@shop/db';
import type { AuditLog } from '../staff/audit-log.ts';
import { DEFAULT_RETURN_WINDOW_DAYS, type SettingsService } from './settings.service.ts';

const { shopSettings } = schema;

/** The settings staff may see and edit: the document without any of its secrets. */
function editable(record: ShopSettingsRecord): Omit<AdminShopSettings, 'updatedAt'> {
  return {
    shopName: record.shopName,
    logo: record.logo,
    currency: record.currency,
    defaultLocale: record.defaultLocale,
    banners: record.banners,
    shippingFee: record.shippingFee,
    freeShippingOver: record.freeShippingOver,
    paymentWindowMinutes: record.paymentWindowMinutes,
    returnWindowDays: record.returnWindowDays ?? DEFAULT_RETURN_WINDOW_DAYS,
    contact: record.contact,
  };
}

/**
 * Shop settings as admins edit them. The document is rewritten in one transaction with its audit entry, keeping
 * every key staff do not edit (the webhook secret and any other secret kept there); only after the commit is the
 * new document put in force in memory, so a failed write never shows.
 */
export class SettingsAdminService {
  constructor(
    private readonly db: Db,
    private readonly settings: SettingsService,
    private readonly audit: AuditLog,
  ) {}

  async get(): Promise<AdminShopSettings> {
    const row = await this.read(this.db);
    return { ...editable(row.data), updatedAt: row.updatedAt.toISOString() };
  }

  async update(input: ShopSettingsInput, actorId: string): Promise<AdminShopSettings> {
    if (!input.shopName[input.defaultLocale]) {
      throw new AppError(Code.validation, 'validation.invalid', {
        [`shopName.${input.defaultLocale}`]: 'validation.defaultLocale',
      });
    }
    const { data, updatedAt } = await this.db.transaction(async (tx) => {
      const before = await this.read(tx, true);
      const next: ShopSettingsRecord = { ...before.data, ...input };
      const [row] = await tx
        .update(shopSettings)
        .set({ data: next, updatedAt: new Date() })
        .where(eq(shopSettings.id, 1))
        .returning();
      await this.audit.record(tx, {
        actorId,
        action: 'settings.update',
        entity: 'settings',
        entityId: 'shop',
        before: editable(before.data),
        after: editable(next),
      });
      return row!;
    });
    this.settings.adopt(data);
    return { ...editable(data), updatedAt: updatedAt.toISOString() };
  }

  /**
   * A new random webhook secret, in force as soon as this returns: the payments module reads it through
   * `SettingsService.webhookSecret` for every signature it makes or checks. The audit entry says when and who, never
   * the value.
   */
  async rotateWebhookSecret(actorId: string): Promise<{ secret: string; rotatedAt: string }> {
    const secret = randomBytes(32).toString('base64url');
    const { data, updatedAt } = await this.db.transaction(async (tx) => {
      const before = await this.read(tx, true);
      const [row] = await tx
        .update(shopSettings)
        .set({ data: { ...before.data, webhookSecret: secret }, updatedAt: new Date() })
        .where(eq(shopSettings.id, 1))
        .returning();
      await this.audit.record(tx, {
        actorId,
        action: 'settings.rotateWebhookSecret',
        entity: 'settings',
        entityId: 'shop',
        after: { rotatedAt: row!.updatedAt.toISOString() },
      });
      return row!;
    });
    this.settings.adopt(data);
    return { secret, rotatedAt: updatedAt.toISOString() };
  }

  private async read(db: Db, lock = false) {
    const query = db.select().from(shopSettings).where(eq(shopSettings.id, 1));
    const [row] = lock ? await query.for('update') : await query;
    if (!row) throw new Error('Shop settings are missing: the reference seed has not run.');
    return row;
  }
}
