import { createCipheriv, createDecipheriv, createHmac, hkdfSync, randomBytes, randomInt } from 'node:crypto';
import { and, count, eq, isNotNull, isNull, or, lt } from 'drizzle-orm';
import { generateSecret, generateURI, verify } from 'otplib';
import {
  AppError,
  Code,
  type StaffOtpEnrolment,
  type StaffOtpPolicy,
  type StaffOtpStatus,
  type StaffSummary,
} from '@shop/contract';
import { schema, type Db } from '@shop/db';
import type { Limit, RateLimiter } from '../../plugins/rate-limiter.ts';
import type { AuditLog } from './audit-log.ts';
import { toSummary } from './staff-management.service.ts';

const { staffOtp, staffRecoveryCodes, shopSettings, users } = schema;

export const RECOVERY_CODE_COUNT = 10;
/** RFC 6238 defaults, the ones every authenticator app reads from the QR code. */
const PERIOD_SECONDS = 30;
/** ±1 time step of clock drift between the phone and the server. */
const DRIFT_SECONDS = PERIOD_SECONDS;
/** Wrong codes while turning the second step on or off, per member (login codes count as wrong passwords). */
const WRONG_CODES_PER_MEMBER: Limit = { max: 10, windowMs: 15 * 60_000 };
/** Recovery codes: 10 characters of the base32 alphabet (50 bits), shown as `xxxxx-xxxxx`. */
const RECOVERY_ALPHABET = 'abcdefghijklmnopqrstuvwxyz234567';

export type SecondStepResult = 'passed' | 'wrong';

/**
 * Two-step sign-in for staff (TOTP, RFC 6238, with otplib): enrolment, confirmation with 10 single-use recovery
 * codes, the login check, turning it off, an admin's reset and the shop-wide requirement.
 *
 * Secrets are stored encrypted with AES-256-GCM under a key derived (HKDF) from the shop's generated secret, and
 * recovery codes as HMACs under another derived key: a copy of these two tables alone (an export, a backup of
 * part of the data, a read-only query) gives neither working codes nor the secrets. The key lives in the same
 * database's settings row, so a full copy of the database is not protected by this; that would need a key from
 * outside the database, which the shop's configuration has none of yet.
 */
export class StaffOtpService {
  private readonly encryptionKey: Buffer;
  private readonly recoveryKey: Buffer;

  constructor(
    private readonly db: Db,
    private readonly audit: AuditLog,
    private readonly limiter: RateLimiter,
    shopSecret: () => string,
    private readonly issuer: () => string,
  ) {
    const derive = (info: string) =>
      Buffer.from(hkdfSync('sha256', shopSecret(), 'staff-two-step', info, 32));
    this.encryptionKey = derive('totp-secret-encryption');
    this.recoveryKey = derive('recovery-code-hmac');
  }

  async status(userId: string): Promise<StaffOtpStatus> {
    const [row] = await this.db.select().from(staffOtp).where(eq(staffOtp.userId, userId));
    const enabled = Boolean(row?.confirmedAt);
    const [left] = enabled
      ? await this.db
          .select({ total: count() })
          .from(staffRecoveryCodes)
          .where(and(eq(staffRecoveryCodes.userId, userId), isNull(staffRecoveryCodes.usedAt)))
      : [];
    return { enabled, required: await this.isRequired(), recoveryCodesLeft: left?.total ?? 0 };
  }

  /** A new secret, not in force until confirmed; replaces an earlier unconfirmed one. */
  async startEnrolment(userId: string, email: string): Promise<StaffOtpEnrolment> {
    const secret = generateSecret();
    const row = { userId, secret: this.encrypt(secret), confirmedAt: null, lastUsedStep: null };
    const written = await this.db
      .insert(staffOtp)
      .values(row)
      .onConflictDoUpdate({ target: staffOtp.userId, set: row, where: isNull(staffOtp.confirmedAt) })
      .returning({ userId: staffOtp.userId });
    if (written.length === 0) throw new AppError(Code.refused, 'error.otp.alreadyOn', undefined, 409);
    return { secret, otpauthUrl: generateURI({ issuer: this.issuer(), label: email, secret }) };
  }

  /** Turns the second step on with a first code; answers the recovery codes, which are kept only as HMACs. */
  async confirm(userId: string, otp: string): Promise<string[]> {
    const [row] = await this.db.select().from(staffOtp).where(eq(staffOtp.userId, userId));
    if (!row || row.confirmedAt) throw new AppError(Code.refused, 'error.otp.notPending', undefined, 409);
    await this.limiter.assertBelow(`wrong-otp:${userId}`, WRONG_CODES_PER_MEMBER);
    const step = /^\d{6}$/.test(otp) ? await this.verifyTotp(this.decrypt(row.secret), otp, null) : null;
    if (step === null) return this.wrongCode(userId);
    const codes = Array.from({ length: RECOVERY_CODE_COUNT }, newRecoveryCode);
    return this.db.transaction(async (tx) => {
      const [confirmed] = await tx
        .update(staffOtp)
        .set({ confirmedAt: new Date(), lastUsedStep: step })
        .where(
          and(eq(staffOtp.userId, userId), isNull(staffOtp.confirmedAt), eq(staffOtp.secret, row.secret)),
        )
        .returning({ userId: staffOtp.userId });
      if (!confirmed) throw new AppError(Code.refused, 'error.otp.notPending', undefined, 409);
      await tx.delete(staffRecoveryCodes).where(eq(staffRecoveryCodes.userId, userId));
      await tx
        .insert(staffRecoveryCodes)
        .values(codes.map((code) => ({ userId, codeHash: this.recoveryHash(code) })));
      await this.audit.record(tx, {
        actorId: userId,
        action: 'account.otp.enable',
        entity: 'user',
        entityId: userId,
      });
      return codes;
    });
  }

  /** Turns the member's own second step off; needs a current code or a recovery code. */
  async disable(userId: string, otp: string): Promise<void> {
    const [row] = await this.db.select().from(staffOtp).where(eq(staffOtp.userId, userId));
    if (!row?.confirmedAt) throw new AppError(Code.refused, 'error.otp.notOn', undefined, 409);
    await this.limiter.assertBelow(`wrong-otp:${userId}`, WRONG_CODES_PER_MEMBER);
    if ((await this.check(userId, otp)) === 'wrong') return this.wrongCode(userId);
    await this.db.transaction(async (tx) => {
      await this.remove(tx, userId);
      await this.audit.record(tx, {
        actorId: userId,
        action: 'account.otp.disable',
        entity: 'user',
        entityId: userId,
      });
    });
  }

  /** An admin turns another member's second step off (lost phone and codes); they enrol again at next login. */
  async reset(actorId: string, memberId: string): Promise<StaffSummary> {
    if (actorId === memberId) throw new AppError(Code.refused, 'error.otp.resetSelf', undefined, 409);
    return this.db.transaction(async (tx) => {
      const [member] = await tx
        .select()
        .from(users)
        .where(and(eq(users.id, memberId), or(eq(users.role, 'staff'), eq(users.role, 'admin'))));
      if (!member) throw new AppError(Code.notFound, 'error.notFound');
      const before = await this.isEnabled(tx, memberId);
      await this.remove(tx, memberId);
      await this.audit.record(tx, {
        actorId,
        action: 'staff.otp.reset',
        entity: 'user',
        entityId: memberId,
        before: { otpEnabled: before },
        after: { otpEnabled: false },
      });
      return toSummary(member, { otpEnabled: false, otpRequired: await this.isRequired(tx) });
    });
  }

  async policy(): Promise<StaffOtpPolicy> {
    return { required: await this.isRequired() };
  }

  /**
   * Requires (or stops requiring) two-step sign-in of every member of staff. An admin must have it on to require
   * it, so the switch never locks out the one who turns it on.
   */
  async setPolicy(actorId: string, required: boolean): Promise<StaffOtpPolicy> {
    if (required && !(await this.isEnabled(this.db, actorId))) {
      throw new AppError(Code.refused, 'error.otp.enableOwnFirst', undefined, 409);
    }
    return this.db.transaction(async (tx) => {
      const before = await this.isRequired(tx);
      if (before === required) return { required };
      await tx.update(shopSettings).set({ staffOtpRequired: required }).where(eq(shopSettings.id, 1));
      await this.audit.record(tx, {
        actorId,
        action: 'staff.otp.require',
        entity: 'settings',
        entityId: 'staff-two-step',
        before: { required: before },
        after: { required },
      });
      return { required };
    });
  }

  /**
   * The login's second step: `'passed'` when the member has none or `otp` is a fresh TOTP code or an unused
   * recovery code (which is then used up), `'wrong'` otherwise. Without `otp` a member who has one is told to
   * give it (code 2, `data.otpRequired`), which counts as nothing.
   */
  async checkLogin(userId: string, otp: string | undefined): Promise<SecondStepResult> {
    if (!(await this.isEnabled(this.db, userId))) return 'passed';
    if (otp === undefined) {
      throw new AppError(Code.refused, 'error.otp.required', undefined, 401, { otpRequired: true });
    }
    return this.check(userId, otp);
  }

  private async check(userId: string, otp: string): Promise<SecondStepResult> {
    if (/^\d{6}$/.test(otp)) {
      const [row] = await this.db
        .select()
        .from(staffOtp)
        .where(and(eq(staffOtp.userId, userId), isNotNull(staffOtp.confirmedAt)));
      if (!row) return 'wrong';
      const step = await this.verifyTotp(this.decrypt(row.secret), otp, row.lastUsedStep);
      if (step === null) return 'wrong';
      // One conditional update: of two requests with the same code, only one moves the step forward.
      const [used] = await this.db
        .update(staffOtp)
        .set({ lastUsedStep: step })
        .where(
          and(
            eq(staffOtp.userId, userId),
            or(isNull(staffOtp.lastUsedStep), lt(staffOtp.lastUsedStep, step)),
          ),
        )
        .returning({ userId: staffOtp.userId });
      return used ? 'passed' : 'wrong';
    }
    const [used] = await this.db
      .update(staffRecoveryCodes)
      .set({ usedAt: new Date() })
      .where(
        and(
          eq(staffRecoveryCodes.userId, userId),
          eq(staffRecoveryCodes.codeHash, this.recoveryHash(otp)),
          isNull(staffRecoveryCodes.usedAt),
        ),
      )
      .returning({ id: staffRecoveryCodes.id });
    return used ? 'passed' : 'wrong';
  }

  /** The time step of a valid code later than `afterStep`, or null. */
  private async verifyTotp(secret: string, token: string, afterStep: number | null): Promise<number | null> {
    const result = await verify({
      secret,
      token,
      epochTolerance: DRIFT_SECONDS,
      ...(afterStep !== null && { afterTimeStep: afterStep }),
    });
    return result.valid && 'timeStep' in result ? result.timeStep : null;
  }

  private async wrongCode(userId: string): Promise<never> {
    await this.limiter.record(`wrong-otp:${userId}`, WRONG_CODES_PER_MEMBER);
    throw new AppError(Code.validation, 'validation.otp.wrong', { otp: 'validation.otp.wrong' });
  }

  private async remove(executor: Db, userId: string) {
    await executor.delete(staffRecoveryCodes).where(eq(staffRecoveryCodes.userId, userId));
    await executor.delete(staffOtp).where(eq(staffOtp.userId, userId));
  }

  private async isEnabled(executor: Db, userId: string): Promise<boolean> {
    const [row] = await executor
      .select({ userId: staffOtp.userId })
      .from(staffOtp)
      .where(and(eq(staffOtp.userId, userId), isNotNull(staffOtp.confirmedAt)));
    return Boolean(row);
  }

  private async isRequired(executor: Db = this.db): Promise<boolean> {
    const [row] = await executor
      .select({ required: shopSettings.staffOtpRequired })
      .from(shopSettings)
      .where(eq(shopSettings.id, 1));
    return row?.required ?? false;
  }

  private encrypt(secret: string): string {
    const iv = randomBytes(12);
    const cipher = createCipheriv('aes-256-gcm', this.encryptionKey, iv);
    const sealed = Buffer.concat([cipher.update(secret, 'utf8'), cipher.final()]);
    return ['v1', ...[iv, cipher.getAuthTag(), sealed].map((part) => part.toString('base64url'))].join('.');
  }

  private decrypt(stored: string): string {
    const [version, iv, tag, sealed] = stored.split('.');
    if (version !== 'v1' || !iv || !tag || !sealed) {
      throw new Error('unreadable two-step secret');
    }
    const decipher = createDecipheriv('aes-256-gcm', this.encryptionKey, Buffer.from(iv, 'base64url'));
    decipher.setAuthTag(Buffer.from(tag, 'base64url'));
    return Buffer.concat([decipher.update(Buffer.from(sealed, 'base64url')), decipher.final()]).toString(
      'utf8',
    );
  }

  private recoveryHash(code: string): string {
    const normalised = code.toLowerCase().replace(/[\s-]/g, '');
    return createHmac('sha256', this.recoveryKey).update(normalised).digest('base64url');
  }
}

function newRecoveryCode(): string {
  const chars = Array.from({ length: 10 }, () => RECOVERY_ALPHABET[randomInt(RECOVERY_ALPHABET.length)]);
  return `${chars.slice(0, 5).join('')}-${chars.slice(5).join('')}`;
}
