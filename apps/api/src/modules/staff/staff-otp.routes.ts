import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  envelopeSchema,
  staffIdParamsSchema,
  staffOtpCodeBodySchema,
  staffOtpEnrolmentSchema,
  staffOtpPolicySchema,
  staffOtpStatusSchema,
  staffRecoveryCodesSchema,
  staffSummarySchema,
} from '@shop/contract';
import { ok } from '../../plugins/envelope.ts';
import type { StaffAccessControl } from './staff-access.ts';
import type { StaffOtpService } from './staff-otp.service.ts';

/**
 * Two-step sign-in for staff: the member's own enrolment (open while the shop requires it and the member has not
 * turned it on), turning it off, an admin's reset of a member, and the shop-wide requirement.
 */
export function staffOtpRoutes(app: FastifyInstance, otp: StaffOtpService, access: StaffAccessControl) {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['staff: two-step sign-in'];

  routes.get(
    '/v1/admin/me/otp',
    {
      config: { access: 'staff', duringOtpSetup: true },
      schema: {
        tags,
        summary: "The member's two-step sign-in: on or off, required by the shop, recovery codes left",
        response: { 200: envelopeSchema(staffOtpStatusSchema) },
      },
    },
    async (request) => ok(await otp.status(access.memberOf(request).id)),
  );

  routes.post(
    '/v1/admin/me/otp',
    {
      config: { access: 'staff', duringOtpSetup: true },
      schema: {
        tags,
        summary:
          'Start turning on two-step sign-in: a new secret and its otpauth:// URL for the QR code (not in force ' +
          'until confirmed; calling again replaces an unconfirmed secret; 409 when already on)',
        response: { 200: envelopeSchema(staffOtpEnrolmentSchema) },
      },
    },
    async (request) => {
      const member = access.memberOf(request);
      return ok(await otp.startEnrolment(member.id, member.email));
    },
  );

  routes.post(
    '/v1/admin/me/otp/confirm',
    {
      config: { access: 'staff', duringOtpSetup: true },
      schema: {
        tags,
        summary:
          'Turn two-step sign-in on with a code of the app; answers 10 single-use recovery codes, shown only ' +
          'this once',
        body: staffOtpCodeBodySchema,
        response: { 200: envelopeSchema(staffRecoveryCodesSchema) },
      },
    },
    async (request) =>
      ok({ recoveryCodes: await otp.confirm(access.memberOf(request).id, request.body.otp) }),
  );

  routes.delete(
    '/v1/admin/me/otp',
    {
      config: { access: 'staff' },
      schema: {
        tags,
        summary: 'Turn two-step sign-in off; needs a current code of the app or a recovery code',
        body: staffOtpCodeBodySchema,
        response: { 200: envelopeSchema(z.null()) },
      },
    },
    async (request) => {
      await otp.disable(access.memberOf(request).id, request.body.otp);
      return ok(null);
    },
  );

  routes.delete(
    '/v1/admin/staff/:id/otp',
    {
      config: { access: 'admin' },
      schema: {
        tags,
        summary:
          "Reset a member's two-step sign-in (lost phone and recovery codes); they set it up again. Not one's " +
          'own: that is turned off with a code',
        params: staffIdParamsSchema,
        response: { 200: envelopeSchema(staffSummarySchema) },
      },
    },
    async (request) => ok(await otp.reset(access.memberOf(request).id, request.params.id)),
  );

  routes.get(
    '/v1/admin/staff/two-step',
    {
      config: { access: 'admin' },
      schema: {
        tags,
        summary: 'Whether every member of staff must use two-step sign-in',
        response: { 200: envelopeSchema(staffOtpPolicySchema) },
      },
    },
    async () => ok(await otp.policy()),
  );

  routes.put(
    '/v1/admin/staff/two-step',
    {
      config: { access: 'admin' },
      schema: {
        tags,
        summary:
          'Require (or stop requiring) two-step sign-in of every member of staff; members without it must turn ' +
          'it on before anything else. The admin must have it on first',
        body: staffOtpPolicySchema,
        response: { 200: envelopeSchema(staffOtpPolicySchema) },
      },
    },
    async (request) => ok(await otp.setPolicy(access.memberOf(request).id, request.body.required)),
  );
}
