import { createHash } from 'node:crypto';
import { and, eq, inArray, isNull, ne } from 'drizzle-orm';
import {
  AppError,
  Code,
  staffRoleValues,
  type StaffAccount,
  type StaffNotifications,
  type StaffRole,
  type StaffSession,
  type UpdateStaffAccountBody,
  staffPasswordInputs,
} from '@shop/contract';
import { schema, type Db } from '@shop/db';
import { hashPassword, isEasilyGuessed, verifyPassword } from '../accounts/passwords.ts';
import type { SessionRecord } from '../../plugins/session.ts';
import type { AuditLog } from './audit-log.ts';

const { users } = schema;

/** Every switch on until the member turns one off. */
export const DEFAULT_NOTIFICATIONS: StaffNotifications = { messages: true, system: true, todos: true };

type UserRow = typeof users.$inferSelect;
type StaffProfileRecord = UserRow['staffProfile'];

/** What the audit log keeps of an account: the settings page's fields, never secrets. */
function auditView(account: StaffAccount) {
  const { id: _id, createdAt: _createdAt, ...fields } = account;
  return fields;
}

export function toStaffAccount(row: UserRow): StaffAccount {
  const profile: StaffProfileRecord = row.staffProfile ?? {};
  return {
    id: row.id,
    email: row.email,
    nickname: row.nickname,
    avatar: row.avatar,
    role: row.role as StaffRole,
    phone: row.phone ?? '',
    bio: profile.bio ?? '',
    country: profile.country ?? '',
    province: profile.province ?? '',
    street: profile.street ?? '',
    notifications: { ...DEFAULT_NOTIFICATIONS, ...profile.notifications },
    createdAt: row.createdAt.toISOString(),
  };
}

/**
 * The id a session is shown and ended by. The store's key is the SHA-256 of the cookie's token; the page gets a
 * hash of that instead, so nothing the browser sees is a key of the session store.
 */
export function publicSessionId(session: Pick<SessionRecord, 'id'>): string {
  return createHash('sha256').update(`staff-session:${session.id}`).digest('base64url').slice(0, 32);
}

export function toStaffSession(session: SessionRecord, currentId: string | undefined): StaffSession {
  return {
    id: publicSessionId(session),
    userAgent: session.userAgent,
    ip: session.ip,
    createdAt: session.createdAt.toISOString(),
    lastSeenAt: session.lastSeenAt.toISOString(),
    current: session.id === currentId,
  };
}

/**
 * The logged-in member's own account: the settings page's fields (kept in `users` and `users.staff_profile`),
 * the avatar, the password. Every change is written with its audit entry in one transaction.
 */
export class StaffAccountService {
  constructor(
    private readonly db: Db,
    private readonly audit: AuditLog,
  ) {}

  async get(id: string): Promise<StaffAccount> {
    return toStaffAccount(await this.findRow(this.db, id));
  }

  async update(id: string, body: UpdateStaffAccountBody): Promise<StaffAccount> {
    return this.db.transaction(async (tx) => {
      const row = await this.findRow(tx, id, true);
      const before = toStaffAccount(row);
      // '' clears the phone (stored as null: the column is unique).
      const phone = body.phone === undefined ? undefined : body.phone || null;
      if (phone && phone !== row.phone) {
        const [taken] = await tx
          .select({ id: users.id })
          .from(users)
          .where(and(eq(users.phone, phone), ne(users.id, id)));
        if (taken) throw new AppError(Code.validation, 'error.phone.taken', { phone: 'error.phone.taken' });
      }
      const profile: StaffProfileRecord = { ...row.staffProfile };
      if (body.bio !== undefined) profile.bio = body.bio;
      if (body.country !== undefined) profile.country = body.country;
      if (body.province !== undefined) profile.province = body.province;
      if (body.street !== undefined) profile.street = body.street;
      if (body.notifications !== undefined) profile.notifications = body.notifications;
      const [updated] = await tx
        .update(users)
        .set({
          ...(body.nickname !== undefined && { nickname: body.nickname }),
          ...(phone !== undefined && { phone }),
          ...(body.avatar !== undefined && { avatar: body.avatar }),
          staffProfile: profile,
          updatedAt: new Date(),
        })
        .where(eq(users.id, id))
        .returning();
      const after = toStaffAccount(updated!);
      await this.audit.record(tx, {
        actorId: id,
        action: 'account.update',
        entity: 'user',
        entityId: id,
        before: auditView(before),
        after: auditView(after),
      });
      return after;
    });
  }

  /**
   * Checks the current password and sets a new one that is not easily guessed. The caller ends the member's
   * other sessions afterwards.
   */
  async changePassword(id: string, oldPassword: string, password: string): Promise<void> {
    const row = await this.findRow(this.db, id);
    if (!(await verifyPassword(row.passwordHash, oldPassword))) {
      throw new AppError(Code.validation, 'error.password.wrongOld', {
        oldPassword: 'error.password.wrongOld',
      });
    }
    if (await isEasilyGuessed(password, staffPasswordInputs(row))) {
      throw new AppError(Code.validation, 'validation.password.weak', {
        password: 'validation.password.weak',
      });
    }
    const passwordHash = await hashPassword(password);
    await this.db.transaction(async (tx) => {
      await tx.update(users).set({ passwordHash, updatedAt: new Date() }).where(eq(users.id, id));
      await this.audit.record(tx, {
        actorId: id,
        action: 'account.password',
        entity: 'user',
        entityId: id,
      });
    });
  }

  /** Records that the member ended one of their sessions (the session store is not in a transaction). */
  async recordSessionEnded(id: string, session: StaffSession): Promise<void> {
    await this.audit.record(this.db, {
      actorId: id,
      action: 'account.session.end',
      entity: 'session',
      entityId: session.id,
      before: { userAgent: session.userAgent, ip: session.ip, lastSeenAt: session.lastSeenAt },
    });
  }

  private async findRow(executor: Db, id: string, forUpdate = false): Promise<UserRow> {
    const query = executor
      .select()
      .from(users)
      .where(and(eq(users.id, id), inArray(users.role, staffRoleValues), isNull(users.disabledAt)));
    const [row] = forUpdate ? await query.for('update') : await query;
    if (!row) throw new AppError(Code.notFound, 'error.notFound');
    return row;
  }
}
