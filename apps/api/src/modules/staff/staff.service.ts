import { randomBytes } from 'node:crypto';
import { and, eq, inArray, isNull } from 'drizzle-orm';
import { AppError, Code, staffRoleValues, type StaffMember, type StaffRole } from '@shop/contract';
import { schema, type Db } from '@shop/db';
import type { AccountsService } from '../accounts/accounts.service.ts';
import { hashPassword } from '../accounts/passwords.ts';
import type { StaffOtpService } from './staff-otp.service.ts';

/** The address of the generated first admin when `ADMIN_EMAIL` is not set. */
export const GENERATED_ADMIN_EMAIL = 'admin@shop.localhost';

export class StaffService {
  constructor(
    private readonly db: Db,
    private readonly accounts: AccountsService,
    private readonly otp: StaffOtpService,
  ) {}

  /**
   * Checks a staff login with the shoppers' rules (same throttling, same answer for unknown accounts and wrong
   * passwords); a shopper with the right password is told they have no access. A member with two-step sign-in
   * on must also give `otp` (a code of the app or a recovery code); a wrong one counts as a wrong password.
   */
  async login(account: string, password: string, ip: string, otp?: string): Promise<StaffMember> {
    const user = await this.accounts.login(account, password, ip, (userId) =>
      this.otp.checkLogin(userId, otp),
    );
    const staff = await this.findStaff(user.id);
    if (!staff) throw new AppError(Code.forbidden, 'error.forbidden');
    return staff;
  }

  /** A live (not disabled) member of staff, or null for shoppers and unknown ids. */
  async findStaff(userId: string): Promise<StaffMember | null> {
    const [row] = await this.db
      .select({
        id: schema.users.id,
        email: schema.users.email,
        nickname: schema.users.nickname,
        avatar: schema.users.avatar,
        role: schema.users.role,
        otpConfirmedAt: schema.staffOtp.confirmedAt,
        otpRequired: schema.shopSettings.staffOtpRequired,
      })
      .from(schema.users)
      .leftJoin(schema.staffOtp, eq(schema.staffOtp.userId, schema.users.id))
      .leftJoin(schema.shopSettings, eq(schema.shopSettings.id, 1))
      .where(
        and(
          eq(schema.users.id, userId),
          inArray(schema.users.role, staffRoleValues),
          isNull(schema.users.disabledAt),
        ),
      );
    if (!row) return null;
    const { otpConfirmedAt, otpRequired, ...member } = row;
    const otpEnabled = otpConfirmedAt !== null;
    return {
      ...member,
      role: row.role as StaffRole,
      otpEnabled,
      otpSetupRequired: (otpRequired ?? false) && !otpEnabled,
    };
  }

  /**
   * The addresses (emails and phones) of every staff account but `exceptUserId`'s, disabled ones included: the
   * mailbox hides mail to them, so that reading it never hands one member another's reset link or code.
   */
  async otherStaffAddresses(exceptUserId: string): Promise<string[]> {
    const rows = await this.db
      .select({ id: schema.users.id, email: schema.users.email, phone: schema.users.phone })
      .from(schema.users)
      .where(inArray(schema.users.role, staffRoleValues));
    return rows
      .filter((row) => row.id !== exceptUserId)
      .flatMap((row) => (row.phone ? [row.email, row.phone] : [row.email]));
  }
}

type StaffLocale = typeof schema.users.$inferInsert.locale;

/**
 * Makes sure the shop has an admin. With `email` and `password` that account is created if missing; with
 * neither, and no admin yet, one is generated and its password returned once so that the caller can show it.
 */
export async function ensureFirstAdmin(
  db: Db,
  wanted: { email?: string | undefined; password?: string | undefined },
  locale: StaffLocale,
): Promise<{ email: string; password: string } | null> {
  if (wanted.email && wanted.password) {
    const email = wanted.email.toLowerCase();
    const [existing] = await db
      .select({ id: schema.users.id })
      .from(schema.users)
      .where(eq(schema.users.email, email));
    if (!existing) await createAdmin(db, email, wanted.password, locale);
    return null;
  }
  const [admin] = await db
    .select({ id: schema.users.id })
    .from(schema.users)
    .where(eq(schema.users.role, 'admin'))
    .limit(1);
  if (admin) return null;
  const password = randomBytes(12).toString('base64url');
  // Of instances starting together on a new database, only the one whose account was written shows a password.
  const created = await createAdmin(db, GENERATED_ADMIN_EMAIL, password, locale);
  return created ? { email: GENERATED_ADMIN_EMAIL, password } : null;
}

/** Whether the account was written (false when one with that email exists already). */
async function createAdmin(db: Db, email: string, password: string, locale: StaffLocale): Promise<boolean> {
  const written = await db
    .insert(schema.users)
    .values({
      email,
      passwordHash: await hashPassword(password),
      role: 'admin',
      nickname: 'Admin',
      locale,
      activatedAt: new Date(),
    })
    .onConflictDoNothing()
    .returning({ id: schema.users.id });
  return written.length === 1;
}
