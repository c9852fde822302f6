import type { FastifyInstance } from 'fastify';
import type { Db } from '@shop/db';
import type { RateLimiter } from '../../plugins/rate-limiter.ts';
import type { Sessions } from '../../plugins/session.ts';
import type { AccountsService } from '../accounts/accounts.service.ts';
import { AvatarUploads } from '../accounts/avatar-uploads.ts';
import type { DevMailbox } from '../mail/mailer.ts';
import { AuditLog } from './audit-log.ts';
import { StaffAccessControl } from './staff-access.ts';
import {
  mailStatusRoutes,
  staffAccountRoutes,
  staffMailboxRoutes,
  staffManagementRoutes,
} from './staff-account.routes.ts';
import { StaffAccountService } from './staff-account.service.ts';
import { StaffManagementService } from './staff-management.service.ts';
import { StaffOtpService } from './staff-otp.service.ts';
import { staffOtpRoutes } from './staff-otp.routes.ts';
import { staffRoutes } from './staff.routes.ts';
import { StaffService } from './staff.service.ts';

export interface StaffModuleDeps {
  db: Db;
  accounts: AccountsService;
  limiter: RateLimiter;
  sessions: Sessions;
  staffSessions: Sessions;
  /** The key the second step's secrets are sealed under is derived from it. */
  visitorSecret: () => string;
  shopName: () => string;
  /** Kept mail, read by admins in the back office when no SMTP server is configured (null when there is one). */
  devMailbox: DevMailbox | null;
}

/**
 * Staff: login (with the second step), roles, their own account, staff management, the audit log and the
 * admins' mailbox. Registered before any other staff route: the access control checks that each of them
 * declares who may call it.
 */
export function staffModule(app: FastifyInstance, deps: StaffModuleDeps) {
  const { db, staffSessions } = deps;
  const audit = new AuditLog(db);
  const otp = new StaffOtpService(db, audit, deps.limiter, deps.visitorSecret, deps.shopName);
  const staff = new StaffService(db, deps.accounts, otp);
  const access = new StaffAccessControl(app, staffSessions, deps.sessions, staff);
  app.decorate('staffRoutes', access.routes);
  staffRoutes(app, staff, access, staffSessions, audit);
  staffOtpRoutes(app, otp, access);
  staffAccountRoutes(
    app,
    new StaffAccountService(db, audit),
    access,
    staffSessions,
    new AvatarUploads(db),
    audit,
  );
  staffManagementRoutes(app, new StaffManagementService(db, audit), access, staffSessions);
  if (deps.devMailbox) staffMailboxRoutes(app, deps.devMailbox, staff, access);
  mailStatusRoutes(app, !deps.devMailbox);
  return { staff, access, audit };
}
