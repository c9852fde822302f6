import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  auditEntrySchema,
  auditQuerySchema,
  envelopeSchema,
  pagedEnvelopeSchema,
  staffLoginBodySchema,
  staffMemberSchema,
} from '@shop/contract';
import { ok, paged } from '../../plugins/envelope.ts';
import type { Sessions } from '../../plugins/session.ts';
import type { AuditLog } from './audit-log.ts';
import type { StaffAccessControl } from './staff-access.ts';
import type { StaffService } from './staff.service.ts';

const tags = ['staff'];

export function staffRoutes(
  app: FastifyInstance,
  staff: StaffService,
  access: StaffAccessControl,
  staffSessions: Sessions,
  audit: AuditLog,
) {
  const routes = app.withTypeProvider<ZodTypeProvider>();

  routes.post(
    '/v1/admin/login',
    {
      config: { access: 'public' },
      schema: {
        tags,
        summary:
          'Staff login by email or phone; with two-step sign-in on, also `otp` (without it or with a wrong one: ' +
          'code 2, HTTP 401, data `{ otpRequired: true }`)',
        body: staffLoginBodySchema,
        response: { 200: envelopeSchema(staffMemberSchema) },
      },
    },
    async (request, reply) => {
      const { account, password, otp } = request.body;
      const member = await staff.login(account, password, request.ip, otp);
      await staffSessions.start(request, reply, member.id);
      return ok(member);
    },
  );

  routes.post(
    '/v1/admin/logout',
    {
      config: { access: 'staff', duringOtpSetup: true },
      schema: { tags, summary: 'End the staff session', response: { 200: envelopeSchema(z.null()) } },
    },
    async (request, reply) => {
      await staffSessions.end(request, reply);
      return ok(null);
    },
  );

  routes.get(
    '/v1/admin/me',
    {
      config: { access: 'staff', duringOtpSetup: true },
      schema: {
        tags,
        summary: 'The logged-in member of staff',
        response: { 200: envelopeSchema(staffMemberSchema) },
      },
    },
    async (request) => ok(access.memberOf(request)),
  );

  routes.get(
    '/v1/admin/audit',
    {
      config: { access: 'admin' },
      schema: {
        tags,
        summary: 'Audit log of staff changes, newest first',
        querystring: auditQuerySchema,
        response: { 200: pagedEnvelopeSchema(auditEntrySchema) },
      },
    },
    async (request) => {
      const { items, total } = await audit.list(request.query, request.locale);
      return paged(items, { page: request.query.page, pageSize: request.query.pageSize, total });
    },
  );
}
