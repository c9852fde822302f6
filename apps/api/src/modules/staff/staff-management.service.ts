import { randomBytes } from 'node:crypto';
import { and, asc, count, eq, ilike, inArray, isNull, or, sql, type SQL } from 'drizzle-orm';
import {
  AppError,
  Code,
  staffRoleValues,
  type CreateStaffBody,
  type CreatedStaff,
  type Locale,
  type StaffListQuery,
  type StaffRole,
  type StaffSummary,
  type UpdateStaffBody,
  staffPasswordInputs,
} from '@shop/contract';
import { schema, type Db } from '@shop/db';
import { hashPassword, isEasilyGuessed } from '../accounts/passwords.ts';
import type { AuditLog } from './audit-log.ts';

const { users } = schema;
type UserRow = typeof users.$inferSelect;

/** Whether a member has the second step on, and whether the shop requires it of everyone. */
export interface OtpFlags {
  otpEnabled: boolean;
  otpRequired: boolean;
}

export function toSummary(row: UserRow, otp: OtpFlags): StaffSummary {
  return {
    id: row.id,
    email: row.email,
    nickname: row.nickname,
    avatar: row.avatar,
    role: row.role as StaffRole,
    otpEnabled: otp.otpEnabled,
    otpSetupRequired: otp.otpRequired && !otp.otpEnabled,
    disabled: row.disabledAt !== null,
    createdAt: row.createdAt.toISOString(),
  };
}

/** The columns `toSummary` needs besides the user's: select with `staffWithOtp(executor)`. */
const otpColumns = {
  otpConfirmedAt: schema.staffOtp.confirmedAt,
  otpRequired: schema.shopSettings.staffOtpRequired,
};

function staffWithOtp(executor: Db) {
  return executor
    .select({ user: users, ...otpColumns })
    .from(users)
    .leftJoin(schema.staffOtp, eq(schema.staffOtp.userId, users.id))
    .leftJoin(schema.shopSettings, eq(schema.shopSettings.id, 1));
}

function otpFlagsOf(row: { otpConfirmedAt: Date | null; otpRequired: boolean | null }): OtpFlags {
  return { otpEnabled: row.otpConfirmedAt !== null, otpRequired: row.otpRequired ?? false };
}

/** `%`, `_` and `\` typed by the user are searched for literally. */
function likePattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/**
 * Staff accounts, for admins: list, add, change role, disable and enable. The shop always keeps an active
 * admin, and nobody changes their own role or disables themself (another admin must). Every change is written
 * with its audit entry in one transaction; the admins are locked while a change that could leave none is made.
 */
export class StaffManagementService {
  constructor(
    private readonly db: Db,
    private readonly audit: AuditLog,
  ) {}

  async list(query: StaffListQuery): Promise<{ items: StaffSummary[]; total: number }> {
    const filters: SQL[] = [inArray(users.role, query.role ? [query.role] : staffRoleValues)];
    if (query.keyword) {
      const pattern = likePattern(query.keyword);
      filters.push(or(ilike(users.email, pattern), ilike(users.nickname, pattern))!);
    }
    const where = and(...filters);
    const [rows, [totals]] = await Promise.all([
      staffWithOtp(this.db)
        .where(where)
        .orderBy(sql`case when ${users.role} = 'admin' then 0 else 1 end`, asc(users.email))
        .limit(query.pageSize)
        .offset((query.page - 1) * query.pageSize),
      this.db.select({ total: count() }).from(users).where(where),
    ]);
    return { items: rows.map((row) => toSummary(row.user, otpFlagsOf(row))), total: totals?.total ?? 0 };
  }

  /**
   * A new member of staff, activated at once. Without a password one is generated and returned once; a chosen
   * password must not be easily guessed, like every other password of the shop.
   */
  async create(actorId: string, body: CreateStaffBody, locale: Locale): Promise<CreatedStaff> {
    const email = body.email.toLowerCase();
    const generated = body.password === undefined ? randomBytes(12).toString('base64url') : null;
    const password = body.password ?? generated!;
    if (generated === null && (await isEasilyGuessed(password, staffPasswordInputs({ email })))) {
      throw new AppError(Code.validation, 'validation.password.weak', {
        password: 'validation.password.weak',
      });
    }
    const passwordHash = await hashPassword(password);
    return this.db.transaction(async (tx) => {
      const [row] = await tx
        .insert(users)
        .values({
          email,
          passwordHash,
          role: body.role,
          nickname: body.nickname,
          locale,
          activatedAt: new Date(),
        })
        .onConflictDoNothing()
        .returning();
      if (!row) throw new AppError(Code.validation, 'error.email.taken', { email: 'error.email.taken' }, 409);
      const [settings] = await tx
        .select({ otpRequired: schema.shopSettings.staffOtpRequired })
        .from(schema.shopSettings);
      const member = toSummary(row, { otpEnabled: false, otpRequired: settings?.otpRequired ?? false });
      await this.audit.record(tx, {
        actorId,
        action: 'staff.create',
        entity: 'user',
        entityId: row.id,
        after: member,
      });
      return { ...member, password: generated };
    });
  }

  /**
   * Changes a member's role and/or disables or enables the account. Answers the member and whether the account
   * was disabled by this change (the caller then ends the member's sessions).
   */
  async update(
    actorId: string,
    id: string,
    body: UpdateStaffBody,
  ): Promise<{ member: StaffSummary; disabledNow: boolean }> {
    return this.db.transaction(async (tx) => {
      // Lock every live admin first (always in the same order), so two admins demoting each other at once
      // cannot both pass the "another admin remains" check.
      const admins = await tx
        .select({ id: users.id })
        .from(users)
        .where(and(eq(users.role, 'admin'), isNull(users.disabledAt)))
        .orderBy(asc(users.id))
        .for('update');
      const [found] = await staffWithOtp(tx)
        .where(and(eq(users.id, id), inArray(users.role, staffRoleValues)))
        .for('update', { of: users });
      if (!found) throw new AppError(Code.notFound, 'error.notFound');
      const { user: row } = found;
      const otp = otpFlagsOf(found);
      const before = toSummary(row, otp);
      const role = body.role ?? before.role;
      const disabled = body.disabled ?? before.disabled;
      if (role === before.role && disabled === before.disabled) return { member: before, disabledNow: false };
      if (id === actorId) throw new AppError(Code.refused, 'error.staff.self', undefined, 409);
      const losesAdmin = before.role === 'admin' && !before.disabled && (role !== 'admin' || disabled);
      if (losesAdmin && admins.every((admin) => admin.id === id)) {
        throw new AppError(Code.refused, 'error.staff.lastAdmin', undefined, 409);
      }
      const [updated] = await tx
        .update(users)
        .set({
          role,
          disabledAt: disabled ? (row.disabledAt ?? new Date()) : null,
          updatedAt: new Date(),
        })
        .where(eq(users.id, id))
        .returning();
      const member = toSummary(updated!, otp);
      await this.audit.record(tx, {
        actorId,
        action: 'staff.update',
        entity: 'user',
        entityId: id,
        before: { role: before.role, disabled: before.disabled },
        after: { role: member.role, disabled: member.disabled },
      });
      return { member, disabledNow: disabled && !before.disabled };
    });
  }
}
