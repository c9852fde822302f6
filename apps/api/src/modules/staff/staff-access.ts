import type { FastifyInstance, FastifyRequest, onRequestHookHandler, onSendHookHandler } from 'fastify';
import { AppError, Code, type StaffAccess, type StaffMember } from '@shop/contract';
import type { Sessions } from '../../plugins/session.ts';
import type { StaffService } from './staff.service.ts';

export const STAFF_API_PREFIX = '/v1/admin';

declare module 'fastify' {
  interface FastifyInstance {
    /** Every staff route and who may call it. */
    staffRoutes: readonly StaffRoute[];
  }
  interface FastifyContextConfig {
    /** Who may call a staff route; required on every route under `/v1/admin`. */
    access?: StaffAccess;
    /**
     * Open to a member who must still turn on two-step sign-in (the shop requires it); every other staff route
     * answers them 403, code 2, `data: { otpSetupRequired: true }`.
     */
    duringOtpSetup?: boolean;
  }
}

export interface StaffRoute {
  method: string;
  url: string;
  access: StaffAccess;
}

/**
 * Role checks for the staff API, enforced in one place: every route under `/v1/admin` must declare `config.access`
 * or the app refuses to start, and the check runs before the body is even read. A shopper's session gets 403,
 * no session 401, `staff` on an `admin` route 403. The member's role is read from the database on every call, so
 * a demoted or disabled account loses access at once.
 */
export class StaffAccessControl {
  /** Every staff route with its access, for the table-driven role test and the docs. */
  readonly routes: StaffRoute[] = [];
  private readonly members = new WeakMap<FastifyRequest, StaffMember>();

  constructor(
    app: FastifyInstance,
    private readonly staffSessions: Sessions,
    private readonly shopperSessions: Sessions,
    private readonly staff: StaffService,
  ) {
    app.addHook('onRoute', (route) => {
      if (!route.url.startsWith(STAFF_API_PREFIX)) return;
      const access = route.config?.access;
      if (!access) throw new Error(`${String(route.method)} ${route.url} declares no staff access`);
      for (const method of [route.method].flat()) {
        if (method !== 'HEAD') this.routes.push({ method, url: route.url, access });
      }
      // Staff replies carry shop data that no shared cache or back/forward cache may keep.
      route.onSend = [noStore, ...[route.onSend ?? []].flat()];
      if (access === 'public') return;
      const check = this.checkFor(access, route.config?.duringOtpSetup === true);
      route.onRequest = [check, ...[route.onRequest ?? []].flat()];
    });
  }

  /** The member of staff making a request that passed the check. */
  memberOf(request: FastifyRequest): StaffMember {
    const member = this.members.get(request);
    if (!member) throw new Error('staff route without an access check');
    return member;
  }

  private checkFor(access: Exclude<StaffAccess, 'public'>, duringOtpSetup: boolean): onRequestHookHandler {
    return async (request) => {
      const session = await this.staffSessions.current(request);
      const member = session ? await this.staff.findStaff(session.userId) : null;
      if (!member) {
        if (session || (await this.shopperSessions.current(request))) {
          throw new AppError(Code.forbidden, 'error.forbidden');
        }
        throw new AppError(Code.unauthorized, 'error.unauthorized');
      }
      if (access === 'admin' && member.role !== 'admin') {
        throw new AppError(Code.forbidden, 'error.forbidden');
      }
      if (member.otpSetupRequired && !duringOtpSetup) {
        throw new AppError(Code.refused, 'error.otp.setupRequired', undefined, 403, {
          otpSetupRequired: true,
        });
      }
      this.members.set(request, member);
    };
  }
}

const noStore: onSendHookHandler = async (_request, reply, payload) => {
  reply.header('cache-control', 'no-store');
  return payload;
};
