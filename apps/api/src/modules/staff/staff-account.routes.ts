import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  accountActivityQuerySchema,
  AppError,
  auditEntrySchema,
  changeStaffPasswordBodySchema,
  Code,
  createdStaffSchema,
  createStaffBodySchema,
  envelopeSchema,
  mailboxQuerySchema,
  mailSchema,
  mailStatusSchema,
  pagedEnvelopeSchema,
  staffAccountSchema,
  staffIdParamsSchema,
  staffListQuerySchema,
  staffSessionParamsSchema,
  staffSessionSchema,
  staffSummarySchema,
  updateStaffAccountBodySchema,
  updateStaffBodySchema,
} from '@shop/contract';
import { ok, paged } from '../../plugins/envelope.ts';
import type { Sessions } from '../../plugins/session.ts';
import type { AvatarUploads } from '../accounts/avatar-uploads.ts';
import type { AuditLog } from './audit-log.ts';
import type { DevMailbox } from '../mail/mailer.ts';
import type { StaffAccessControl } from './staff-access.ts';
import type { StaffService } from './staff.service.ts';
import { publicSessionId, toStaffSession, type StaffAccountService } from './staff-account.service.ts';
import type { StaffManagementService } from './staff-management.service.ts';

/**
 * The logged-in member's own account (account center and settings: profile, avatar, password, sessions), open to
 * every member of staff.
 */
export function staffAccountRoutes(
  app: FastifyInstance,
  accounts: StaffAccountService,
  access: StaffAccessControl,
  staffSessions: Sessions,
  avatars: AvatarUploads,
  audit: AuditLog,
) {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['staff: account'];
  const accountReply = { 200: envelopeSchema(staffAccountSchema) };

  routes.get(
    '/v1/admin/account',
    {
      config: { access: 'staff' },
      schema: { tags, summary: "The logged-in member's account settings", response: accountReply },
    },
    async (request) => ok(await accounts.get(access.memberOf(request).id)),
  );

  routes.get(
    '/v1/admin/account/activity',
    {
      config: { access: 'staff' },
      schema: {
        tags,
        summary: "The member's own changes (their entries of the audit log), newest first",
        querystring: accountActivityQuerySchema,
        response: { 200: pagedEnvelopeSchema(auditEntrySchema) },
      },
    },
    async (request) => {
      const { page, pageSize } = request.query;
      const { items, total } = await audit.list(
        { actorId: access.memberOf(request).id, page, pageSize },
        request.locale,
      );
      return paged(items, { page, pageSize, total });
    },
  );

  routes.put(
    '/v1/admin/account',
    {
      config: { access: 'staff' },
      schema: {
        tags,
        summary: 'Change the basic settings and/or the notification switches (fields left out are kept)',
        body: updateStaffAccountBodySchema,
        response: accountReply,
      },
    },
    async (request) => ok(await accounts.update(access.memberOf(request).id, request.body)),
  );

  routes.post(
    '/v1/admin/account/avatar',
    {
      config: { access: 'staff' },
      schema: {
        tags,
        summary: 'Upload an avatar (multipart field "file": PNG, JPEG or WebP, at most 2 MB)',
        consumes: ['multipart/form-data'],
        response: accountReply,
      },
    },
    async (request) => {
      const member = access.memberOf(request);
      const avatar = await avatars.store(request);
      return ok(await accounts.update(member.id, { avatar }));
    },
  );

  routes.put(
    '/v1/admin/account/password',
    {
      config: { access: 'staff' },
      schema: {
        tags,
        summary: "Change one's password (not an easily guessed one); the member's other sessions end",
        body: changeStaffPasswordBodySchema,
        response: { 200: envelopeSchema(z.null()) },
      },
    },
    async (request) => {
      const member = access.memberOf(request);
      await accounts.changePassword(member.id, request.body.oldPassword, request.body.password);
      await staffSessions.endOthers(member.id, await staffSessions.current(request));
      return ok(null);
    },
  );

  routes.get(
    '/v1/admin/account/sessions',
    {
      config: { access: 'staff' },
      schema: {
        tags,
        summary: "The member's live sessions (device, IP, last seen), most recently used first",
        response: { 200: envelopeSchema(z.array(staffSessionSchema)) },
      },
    },
    async (request) => {
      const current = await staffSessions.current(request);
      const list = await staffSessions.listForUser(access.memberOf(request).id);
      return ok(list.map((session) => toStaffSession(session, current?.id)));
    },
  );

  routes.delete(
    '/v1/admin/account/sessions/:id',
    {
      config: { access: 'staff' },
      schema: {
        tags,
        summary: "End one of the member's sessions (ending the current one logs out)",
        params: staffSessionParamsSchema,
        response: { 200: envelopeSchema(z.null()) },
      },
    },
    async (request, reply) => {
      const member = access.memberOf(request);
      const current = await staffSessions.current(request);
      const target = (await staffSessions.listForUser(member.id)).find(
        (session) => publicSessionId(session) === request.params.id,
      );
      if (!target) throw new AppError(Code.notFound, 'error.notFound');
      if (target.id === current?.id) await staffSessions.end(request, reply);
      else await staffSessions.endSession(target.id);
      await accounts.recordSessionEnded(member.id, toStaffSession(target, current?.id));
      return ok(null);
    },
  );
}

/** Staff accounts (admins only): list, add, change role, disable or enable. */
export function staffManagementRoutes(
  app: FastifyInstance,
  management: StaffManagementService,
  access: StaffAccessControl,
  staffSessions: Sessions,
) {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['staff: management'];

  routes.get(
    '/v1/admin/staff',
    {
      config: { access: 'admin' },
      schema: {
        tags,
        summary: 'Members of staff, admins first; keyword searches email and nickname',
        querystring: staffListQuerySchema,
        response: { 200: pagedEnvelopeSchema(staffSummarySchema) },
      },
    },
    async (request) => {
      const { items, total } = await management.list(request.query);
      return paged(items, { page: request.query.page, pageSize: request.query.pageSize, total });
    },
  );

  routes.post(
    '/v1/admin/staff',
    {
      config: { access: 'admin' },
      schema: {
        tags,
        summary: 'Add a member of staff; without a password one is generated and answered once',
        body: createStaffBodySchema,
        response: { 200: envelopeSchema(createdStaffSchema), 201: envelopeSchema(createdStaffSchema) },
      },
    },
    async (request, reply) => {
      const created = await management.create(access.memberOf(request).id, request.body, request.locale);
      return reply.code(201).send(ok(created));
    },
  );

  routes.put(
    '/v1/admin/staff/:id',
    {
      config: { access: 'admin' },
      schema: {
        tags,
        summary:
          "Change a member's role and/or disable (ends their sessions) or enable the account; never one's own, " +
          'never the last admin',
        params: staffIdParamsSchema,
        body: updateStaffBodySchema,
        response: { 200: envelopeSchema(staffSummarySchema) },
      },
    },
    async (request) => {
      const { member, disabledNow } = await management.update(
        access.memberOf(request).id,
        request.params.id,
        request.body,
      );
      if (disabledNow) await staffSessions.endOthers(member.id);
      return ok(member);
    },
  );
}

/**
 * The dev mailbox (the back office's mailbox viewer), the only way to read mail the shop kept instead of sending:
 * admins only, since a reset link or a code in it is the key to its addressee's account. Mail to any other member
 * of staff is left out, so no admin can take over another member's account with it. Only registered when no SMTP
 * server is configured: with `MAIL_URL` set it answers 404.
 */
export function staffMailboxRoutes(
  app: FastifyInstance,
  mailbox: DevMailbox,
  staff: StaffService,
  access: StaffAccessControl,
) {
  app.withTypeProvider<ZodTypeProvider>().get(
    '/v1/admin/mailbox',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['staff: mailbox'],
        summary:
          'Mail and text messages kept by the dev mailbox, newest first, without mail to other members of staff (admins; absent when MAIL_URL is set)',
        querystring: mailboxQuerySchema,
        response: { 200: envelopeSchema(z.array(mailSchema)) },
      },
    },
    async (request) => {
      const hidden = await staff.otherStaffAddresses(access.memberOf(request).id);
      return ok(await mailbox.list(request.query.to, hidden));
    },
  );
}

/** Whether mail is delivered (`MAIL_URL`) or kept in the dev mailbox: the dashboard warns every member of staff. */
export function mailStatusRoutes(app: FastifyInstance, delivered: boolean) {
  app.withTypeProvider<ZodTypeProvider>().get(
    '/v1/admin/mail-status',
    {
      config: { access: 'staff' },
      schema: {
        tags: ['staff: mailbox'],
        summary: 'Whether the shop delivers mail, or keeps it in the dev mailbox that admins read',
        response: { 200: envelopeSchema(mailStatusSchema) },
      },
    },
    async () => ok({ delivered }),
  );
}
