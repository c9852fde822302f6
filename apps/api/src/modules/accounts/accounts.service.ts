import { createHash, randomBytes, randomInt, randomUUID } from 'node:crypto';
import { and, eq, gt, isNull, ne, sql } from 'drizzle-orm';
import { parsePhoneNumberWithError } from 'libphonenumber-js/min';
import {
  ACTIVATION_LINK_TTL_MS,
  AppError,
  Code,
  RESET_LINK_TTL_MS,
  VERIFICATION_CODE_INTERVAL_MS,
  VERIFICATION_CODE_TTL_MS,
  type Activation,
  type Locale,
  type User,
} from '@shop/contract';
import { schema, type Db } from '@shop/db';
import type { Outbox } from '../mail/mailer.ts';
import { linkMail, verificationCodeText } from '../mail/mail-templates.ts';
import { TooManyRequestsError, type RateLimiter } from '../../plugins/rate-limiter.ts';
import { hashPassword, isEasilyGuessed, spendVerifyTime, verifyPassword } from './passwords.ts';

const { users, userTokens, verificationCodes } = schema;
type UserRow = typeof users.$inferSelect;

const MINUTE = 60_000;
/** Abuse limits (per IP unless named otherwise). */
export const LIMITS = {
  wrongLoginsPerIp: { max: 10, windowMs: MINUTE },
  codesPerIp: { max: 10, windowMs: 60 * MINUTE },
  registrationsPerIp: { max: 20, windowMs: 60 * MINUTE },
  resetRequestsPerIp: { max: 10, windowMs: 15 * MINUTE },
  resetMailsPerEmail: { max: 3, windowMs: 60 * MINUTE },
  activationMailsPerIp: { max: 10, windowMs: 15 * MINUTE },
} as const;
/** Wrong passwords in a row before each further one slows the account down (doubling up to 15 min). */
const FREE_WRONG_PASSWORDS = 5;
const MAX_SLOWDOWN_MS = 15 * MINUTE;

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');
const newToken = () => randomBytes(32).toString('base64url');

export interface ShopIdentity {
  shopName: (locale: Locale) => string;
  publicUrl: string;
}

/** Registration, activation, login, profile and passwords of shoppers. */
export class AccountsService {
  private readonly pendingWork = new Set<Promise<void>>();

  constructor(
    private readonly db: Db,
    private readonly outbox: Outbox,
    private readonly limiter: RateLimiter,
    private readonly shop: ShopIdentity,
  ) {}

  async sendVerificationCode(phone: string, locale: Locale, ip: string): Promise<void> {
    const e164 = normalizePhone(phone);
    const [existing] = await this.db
      .select()
      .from(verificationCodes)
      .where(eq(verificationCodes.phone, e164));
    if (existing && Date.now() - existing.sentAt.getTime() < VERIFICATION_CODE_INTERVAL_MS) {
      throw new AppError(Code.refused, 'error.code.tooSoon', undefined, 429);
    }
    await this.limiter.consume(`codes:${ip}`, LIMITS.codesPerIp);
    const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
    const now = new Date();
    const row = {
      phone: e164,
      codeHash: codeHash(e164, code),
      attempts: 0,
      sentAt: now,
      expiresAt: new Date(now.getTime() + VERIFICATION_CODE_TTL_MS),
    };
    await this.db
      .insert(verificationCodes)
      .values(row)
      .onConflictDoUpdate({ target: verificationCodes.phone, set: row });
    await this.outbox.send(
      verificationCodeText(locale, { to: e164, shop: this.shop.shopName(locale), code }),
    );
  }

  /**
   * Registers a shopper. The answer never tells whether the email is in use: for a taken address nothing is
   * created, its owner is mailed that someone tried to register with it, and the reply looks like a fresh
   * registration's (a made-up id). An address only a guest checkout used (a row without a password) is
   * registered like a new one: the row gets the password and the activation mail, and its orders stay with it.
   * The phone's code is used up by any attempt that gets as far as presenting
   * it, so one code cannot test several addresses. A taken phone is still said: the code proves the caller
   * holds that phone.
   */
  async register(
    input: { email: string; password: string; phone: string; code: string },
    locale: Locale,
    ip: string,
  ): Promise<{ id: string; email: string }> {
    await this.limiter.consume(`register:${ip}`, LIMITS.registrationsPerIp);
    const email = normalizeEmail(input.email);
    const phone = normalizePhone(input.phone);
    // Checked before the code is spent: it depends on the input alone and tells nothing about accounts.
    await this.assertStrongPassword(input.password, [email, phone]);
    await useUpVerificationCode(this.db, phone, input.code);
    const passwordHash = await hashPassword(input.password);
    const token = newToken();
    const outcome: { owner: UserRow } | { created: UserRow } = await this.db
      .transaction(async (tx): Promise<{ owner: UserRow } | { created: UserRow }> => {
        const taken = await tx
          .select()
          .from(users)
          .where(sql`${users.email} = ${email} or ${users.phone} = ${phone}`);
        if (taken.some((user) => user.phone === phone)) {
          throw new AppError(Code.refused, 'error.phone.taken', undefined, 409);
        }
        const owner = taken.find((user) => user.email === email);
        // Someone who bought here as a guest: the row becomes their account (its orders with it), pending its
        // activation like any new one. Only a row that still has no password: a concurrent registration that
        // got there first makes this one "taken".
        if (owner?.passwordHash === null) {
          const [claimed] = await tx
            .update(users)
            .set({ passwordHash, phone, locale, nickname: '', failedLogins: 0, updatedAt: new Date() })
            .where(and(eq(users.id, owner.id), isNull(users.passwordHash)))
            .returning();
          if (claimed) {
            await tx.insert(userTokens).values(activationToken(claimed, token));
            return { created: claimed };
          }
        }
        if (owner) return { owner };
        const [created] = await tx.insert(users).values({ email, phone, passwordHash, locale }).returning();
        await tx.insert(userTokens).values(activationToken(created!, token));
        return { created: created! };
      })
      .catch(async (error: unknown) => {
        if (!isUniqueViolation(error, 'users_email_unique')) rethrowUniqueViolation(error);
        // A registration for the same address committed in between: the same answer as above.
        const owner = await this.findByEmail(email);
        if (!owner) throw error;
        return { owner };
      });
    if ('owner' in outcome) {
      await this.sendRegistrationAttemptMail(outcome.owner);
      return { id: randomUUID(), email };
    }
    await this.sendActivationMail(outcome.created, token);
    return { id: outcome.created.id, email: outcome.created.email };
  }

  /**
   * Activates the account a mailed link names. A link for an account that is already active at that address
   * (opened twice, or after a password reset activated it) is not a failure: the reply says it is active.
   */
  async activate(token: string): Promise<Activation> {
    return this.db.transaction(async (tx) => {
      const known = await findToken(tx, token, 'activate');
      if (known?.user.activatedAt && known.row.email === known.user.email) {
        if (!known.row.usedAt) {
          await tx.update(userTokens).set({ usedAt: new Date() }).where(eq(userTokens.id, known.row.id));
        }
        return { email: known.user.email, alreadyActive: true };
      }
      const { user, row } = assertLive(known);
      if (row.email !== user.email) throw new AppError(Code.refused, 'error.token.invalid');
      await tx.update(userTokens).set({ usedAt: new Date() }).where(eq(userTokens.id, row.id));
      await tx
        .update(users)
        .set({ activatedAt: new Date(), updatedAt: new Date() })
        .where(eq(users.id, user.id));
      return { email: user.email, alreadyActive: false };
    });
  }

  /** The /registerchange page: proves the account with its password, optionally corrects the address. */
  async resendActivation(
    input: { email: string; password: string; newEmail?: string | undefined },
    ip: string,
  ): Promise<{ email: string }> {
    await this.limiter.consume(`activation:${ip}`, LIMITS.activationMailsPerIp);
    const user = await this.findByEmail(input.email);
    if (!user || !(await verifyPassword(user.passwordHash, input.password))) {
      if (!user) await spendVerifyTime(input.password);
      throw new AppError(Code.refused, 'error.login.invalid', undefined, 401);
    }
    if (user.activatedAt) throw new AppError(Code.refused, 'error.account.alreadyActive', undefined, 409);
    const email = (input.newEmail ?? user.email).toLowerCase();
    const token = newToken();
    const updated = await this.db
      .transaction(async (tx) => {
        if (email !== user.email) {
          const [taken] = await tx.select({ id: users.id }).from(users).where(eq(users.email, email));
          if (taken) throw new AppError(Code.refused, 'error.email.taken', undefined, 409);
        }
        const [row] = await tx
          .update(users)
          .set({ email, updatedAt: new Date() })
          .where(eq(users.id, user.id))
          .returning();
        await tx
          .update(userTokens)
          .set({ usedAt: new Date() })
          .where(
            and(
              eq(userTokens.userId, user.id),
              eq(userTokens.purpose, 'activate'),
              isNull(userTokens.usedAt),
            ),
          );
        await tx.insert(userTokens).values(activationToken(row!, token));
        return row!;
      })
      .catch(rethrowUniqueViolation);
    await this.sendActivationMail(updated, token);
    return { email: updated.email };
  }

  /**
   * Checks a login. Unknown account and wrong password get the same answer; the activation state is told only
   * to someone who knows the password. Wrong passwords are counted per IP and slow the account down.
   * `secondStep` (staff's two-step sign-in) runs once the password is right; a `'wrong'` is counted the same.
   */
  async login(
    account: string,
    password: string,
    ip: string,
    secondStep?: (userId: string) => Promise<'passed' | 'wrong'>,
  ): Promise<User> {
    await this.limiter.assertBelow(`wrong-login:${ip}`, LIMITS.wrongLoginsPerIp, 'error.login.slowDown');
    const user = await this.findByAccount(account);
    if (user?.loginBlockedUntil && user.loginBlockedUntil.getTime() > Date.now()) {
      const seconds = Math.ceil((user.loginBlockedUntil.getTime() - Date.now()) / 1000);
      throw new TooManyRequestsError(seconds, 'error.login.slowDown');
    }
    const valid = user
      ? await verifyPassword(user.passwordHash, password)
      : (await spendVerifyTime(password), false);
    if (!user || !valid) {
      await this.limiter.record(`wrong-login:${ip}`, LIMITS.wrongLoginsPerIp);
      if (user) await this.countWrongPassword(user);
      throw new AppError(Code.refused, 'error.login.invalid', undefined, 401);
    }
    if (user.disabledAt) throw new AppError(Code.refused, 'error.account.disabled', undefined, 403);
    if (!user.activatedAt) throw new AppError(Code.refused, 'error.account.notActivated', undefined, 403);
    // A wrong second step (staff's authenticator code) counts exactly like a wrong password.
    if (secondStep && (await secondStep(user.id)) === 'wrong') {
      await this.limiter.record(`wrong-login:${ip}`, LIMITS.wrongLoginsPerIp);
      await this.countWrongPassword(user);
      throw new AppError(Code.refused, 'error.otp.invalid', undefined, 401, { otpRequired: true });
    }
    if (user.failedLogins > 0) {
      await this.db
        .update(users)
        .set({ failedLogins: 0, loginBlockedUntil: null })
        .where(eq(users.id, user.id));
    }
    return toUser(user);
  }

  /** The language the shop's mails to this user are written in from now on. */
  async rememberLocale(id: string, locale: Locale): Promise<void> {
    await this.db
      .update(users)
      .set({ locale })
      .where(and(eq(users.id, id), ne(users.locale, locale)));
  }

  async getUser(id: string): Promise<User> {
    const [row] = await this.db.select().from(users).where(eq(users.id, id));
    if (!row) throw new AppError(Code.notFound, 'error.notFound');
    return toUser(row);
  }

  /**
   * Where and in which language to write to a user; `guest` when the address never became an account (the mails
   * then invite them to create one).
   */
  async contactOf(id: string): Promise<{ email: string; locale: Locale; guest: boolean }> {
    const [row] = await this.db
      .select({ email: users.email, locale: users.locale, passwordHash: users.passwordHash })
      .from(users)
      .where(eq(users.id, id));
    if (!row) throw new AppError(Code.notFound, 'error.notFound');
    return { email: row.email, locale: row.locale, guest: row.passwordHash === null };
  }

  /**
   * The user a guest checkout's order belongs to, inside the order's transaction: the row of `email` (as
   * registration writes it), created as a guest (no password) when the address is new. A guest row takes the
   * request's language for its mails; an account keeps its own, and nothing here tells the caller which it was.
   */
  async guestOwner(tx: Db, email: string, locale: Locale): Promise<string> {
    const address = normalizeEmail(email);
    const [row] = await tx
      .insert(users)
      .values({ email: address, passwordHash: null, locale })
      .onConflictDoUpdate({
        target: users.email,
        set: { locale, updatedAt: new Date() },
        setWhere: isNull(users.passwordHash),
      })
      .returning({ id: users.id });
    if (row) return row.id;
    const [account] = await tx.select({ id: users.id }).from(users).where(eq(users.email, address));
    return account!.id;
  }

  /** The id of the user with this address, or null: a guest checkout's retry finds its first order by it. */
  async findIdByEmail(email: string): Promise<string | null> {
    return (await this.findByEmail(normalizeEmail(email)))?.id ?? null;
  }

  async editUser(
    id: string,
    changes: { nickname?: string; avatar?: string; gender?: User['gender']; birthday?: string | null },
  ): Promise<User> {
    const [row] = await this.db
      .update(users)
      .set({ ...changes, updatedAt: new Date() })
      .where(eq(users.id, id))
      .returning();
    if (!row) throw new AppError(Code.notFound, 'error.notFound');
    return toUser(row);
  }

  async changePassword(id: string, oldPassword: string, password: string): Promise<void> {
    const [user] = await this.db.select().from(users).where(eq(users.id, id));
    if (!user) throw new AppError(Code.notFound, 'error.notFound');
    if (!(await verifyPassword(user.passwordHash, oldPassword))) {
      throw new AppError(Code.refused, 'error.password.wrongOld');
    }
    await this.assertStrongPassword(password, [user.email, user.phone ?? '']);
    await this.db
      .update(users)
      .set({ passwordHash: await hashPassword(password), updatedAt: new Date() })
      .where(eq(users.id, id));
  }

  /**
   * Always succeeds from the caller's view, so it never tells whether an address is registered. Only the per-IP
   * limit is checked before the reply: looking the address up and mailing the link are the returned `mailing`,
   * which the caller does not wait for, so a known address is answered as fast as an unknown one.
   */
  async requestPasswordReset(email: string, ip: string): Promise<{ mailing: Promise<void> }> {
    await this.limiter.consume(`reset:${ip}`, LIMITS.resetRequestsPerIp);
    return { mailing: this.afterReply(this.mailPasswordReset(email)) };
  }

  /** Waits for the work left running after replies (reset mails), e.g. before the database closes. */
  async settle(): Promise<void> {
    await Promise.allSettled([...this.pendingWork]);
  }

  private afterReply(work: Promise<void>): Promise<void> {
    this.pendingWork.add(work);
    const forget = () => this.pendingWork.delete(work);
    work.then(forget, forget);
    return work;
  }

  private async mailPasswordReset(email: string): Promise<void> {
    const user = await this.findByEmail(email);
    if (!user || user.disabledAt) return;
    try {
      await this.limiter.consume(`reset-mail:${user.id}`, LIMITS.resetMailsPerEmail);
    } catch {
      return;
    }
    const token = newToken();
    await this.db.insert(userTokens).values({
      id: sha256(token),
      userId: user.id,
      purpose: 'reset',
      email: user.email,
      expiresAt: new Date(Date.now() + RESET_LINK_TTL_MS),
    });
    await this.outbox.send(
      linkMail('passwordReset', user.locale, {
        to: user.email,
        shop: this.shop.shopName(user.locale),
        link: `${this.shop.publicUrl}/passwordchange?token=${token}`,
        hours: RESET_LINK_TTL_MS / 3_600_000,
      }),
    );
  }

  /** Sets a new password from a reset link; the link proves the address, so it also activates. */
  async resetPassword(token: string, password: string): Promise<{ userId: string }> {
    const passwordHash = await hashPassword(password);
    return this.db.transaction(async (tx) => {
      const { user, row } = await findLiveToken(tx, token, 'reset');
      await this.assertStrongPassword(password, [user.email, user.phone ?? '']);
      await tx
        .update(userTokens)
        .set({ usedAt: new Date() })
        .where(
          and(eq(userTokens.userId, user.id), eq(userTokens.purpose, 'reset'), isNull(userTokens.usedAt)),
        );
      await tx
        .update(users)
        .set({
          passwordHash,
          activatedAt: user.activatedAt ?? (row.email === user.email ? new Date() : null),
          failedLogins: 0,
          loginBlockedUntil: null,
          updatedAt: new Date(),
        })
        .where(eq(users.id, user.id));
      return { userId: user.id };
    });
  }

  private async assertStrongPassword(password: string, userInputs: string[]) {
    const inputs = userInputs.flatMap((input) => [input, input.split('@')[0] ?? '']).filter(Boolean);
    if (await isEasilyGuessed(password, inputs)) {
      throw new AppError(Code.validation, 'validation.password.weak', {
        password: 'validation.password.weak',
      });
    }
  }

  private async countWrongPassword(user: UserRow) {
    const failures = user.failedLogins + 1;
    const slowdownMs =
      failures >= FREE_WRONG_PASSWORDS
        ? Math.min(1000 * 2 ** (failures - FREE_WRONG_PASSWORDS), MAX_SLOWDOWN_MS)
        : 0;
    await this.db
      .update(users)
      .set({
        failedLogins: sql`${users.failedLogins} + 1`,
        loginBlockedUntil: slowdownMs ? new Date(Date.now() + slowdownMs) : null,
      })
      .where(eq(users.id, user.id));
  }

  /** To the owner of an address someone tried to register with: a way in if it was them, a warning if not. */
  private async sendRegistrationAttemptMail(owner: UserRow) {
    await this.outbox.send(
      linkMail('registrationAttempt', owner.locale, {
        to: owner.email,
        shop: this.shop.shopName(owner.locale),
        link: `${this.shop.publicUrl}/forget`,
        hours: RESET_LINK_TTL_MS / 3_600_000,
      }),
    );
  }

  private async sendActivationMail(user: UserRow, token: string) {
    await this.outbox.send(
      linkMail('activation', user.locale, {
        to: user.email,
        shop: this.shop.shopName(user.locale),
        link: `${this.shop.publicUrl}/registersucess?token=${token}`,
        hours: ACTIVATION_LINK_TTL_MS / 3_600_000,
      }),
    );
  }

  private async findByEmail(email: string): Promise<UserRow | undefined> {
    const [row] = await this.db.select().from(users).where(eq(users.email, email.toLowerCase()));
    return row;
  }

  private async findByAccount(account: string): Promise<UserRow | undefined> {
    if (account.includes('@')) return this.findByEmail(account);
    let phone: string;
    try {
      phone = normalizePhone(account);
    } catch {
      return undefined;
    }
    const [row] = await this.db.select().from(users).where(eq(users.phone, phone));
    return row;
  }
}

/** Addresses are kept as registration writes them: lower case (the contract's field has trimmed them). */
function normalizeEmail(email: string): string {
  return email.trim().toLowerCase();
}

/** Phones are stored in E.164 so "+55 11 98765-4321" and "+5511987654321" are the same account. */
function normalizePhone(phone: string): string {
  try {
    return parsePhoneNumberWithError(phone).number;
  } catch {
    throw new AppError(Code.validation, 'validation.phone.invalid', { phone: 'validation.phone.invalid' });
  }
}

function activationToken(user: UserRow, token: string) {
  return {
    id: sha256(token),
    userId: user.id,
    purpose: 'activate' as const,
    email: user.email,
    expiresAt: new Date(Date.now() + ACTIVATION_LINK_TTL_MS),
  };
}

const codeHash = (phone: string, code: string) => sha256(`${phone}:${code}`);
const invalidCode = () => new AppError(Code.validation, 'error.code.invalid', { code: 'error.code.invalid' });

/**
 * Spends the phone's code whatever the outcome, in its own statement so that a failing registration cannot
 * bring it back: a wrong guess ends it too. The row stays (expired), so a new code still waits out the minute.
 */
async function useUpVerificationCode(db: Db, phone: string, code: string) {
  const now = new Date();
  const [row] = await db
    .update(verificationCodes)
    .set({ expiresAt: now, attempts: sql`${verificationCodes.attempts} + 1` })
    .where(and(eq(verificationCodes.phone, phone), gt(verificationCodes.expiresAt, now)))
    .returning({ codeHash: verificationCodes.codeHash });
  if (!row || row.codeHash !== codeHash(phone, code)) throw invalidCode();
}

/** The mailed token and its user, locked, whatever its state; null when there is no such token. */
async function findToken(tx: Db, token: string, purpose: 'activate' | 'reset') {
  const [found] = await tx
    .select({ row: userTokens, user: users })
    .from(userTokens)
    .innerJoin(users, eq(users.id, userTokens.userId))
    .where(and(eq(userTokens.id, sha256(token)), eq(userTokens.purpose, purpose)))
    .for('update');
  return found ?? null;
}

/** Refuses a token that does not exist, was used or has expired. */
function assertLive<T extends { row: { usedAt: Date | null; expiresAt: Date } }>(found: T | null): T {
  if (!found || found.row.usedAt) throw new AppError(Code.refused, 'error.token.invalid');
  if (found.row.expiresAt.getTime() <= Date.now())
    throw new AppError(Code.refused, 'error.token.expired', undefined, 410);
  return found;
}

async function findLiveToken(tx: Db, token: string, purpose: 'activate' | 'reset') {
  return assertLive(await findToken(tx, token, purpose));
}

function isUniqueViolation(error: unknown, constraint: string): boolean {
  const cause =
    (error as { cause?: { code?: string; constraint?: string } }).cause ??
    (error as { code?: string; constraint?: string });
  return cause?.code === '23505' && cause.constraint === constraint;
}

/** Two registrations racing for one address: the database's unique index decides, the loser is told why. */
function rethrowUniqueViolation(error: unknown): never {
  const cause =
    (error as { cause?: { code?: string; constraint?: string } }).cause ??
    (error as { code?: string; constraint?: string });
  if (cause?.code === '23505') {
    throw cause.constraint === 'users_phone_unique'
      ? new AppError(Code.refused, 'error.phone.taken', undefined, 409)
      : new AppError(Code.refused, 'error.email.taken', undefined, 409);
  }
  throw error;
}

export function toUser(row: UserRow): User {
  return {
    id: row.id,
    email: row.email,
    phone: row.phone ?? '',
    nickname: row.nickname,
    avatar: row.avatar,
    gender: row.gender,
    birthday: row.birthday,
    activated: row.activatedAt !== null,
    createdAt: row.createdAt.toISOString(),
  };
}
