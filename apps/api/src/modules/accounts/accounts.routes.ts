import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  activationSchema,
  AppError,
  Code,
  editPasswordBodySchema,
  editUserBodySchema,
  envelopeSchema,
  forgetBodySchema,
  idParamsSchema,
  loginBodySchema,
  registerBodySchema,
  resendActivationBodySchema,
  resetPasswordBodySchema,
  tokenBodySchema,
  userLocaleBodySchema,
  userLocaleSchema,
  userSchema,
  verificationCodeBodySchema,
} from '@shop/contract';
import { ok } from '../../plugins/envelope.ts';
import { statedLocale } from '../../plugins/locale.ts';
import type { Sessions } from '../../plugins/session.ts';
import type { AccountsService } from './accounts.service.ts';
import type { AvatarUploads } from './avatar-uploads.ts';

const emailReply = envelopeSchema(z.object({ email: z.string() }));
const activationReply = envelopeSchema(activationSchema);
const emptyReply = envelopeSchema(z.null());
const tags = ['accounts'];

export function accountsRoutes(
  app: FastifyInstance,
  accounts: AccountsService,
  sessions: Sessions,
  avatars: AvatarUploads,
  /** Runs after a successful login, e.g. to merge the guest's cart. */
  afterLogin: (request: FastifyRequest, reply: FastifyReply, userId: string) => Promise<void>,
) {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const noStore = { onSend: noStoreHook };

  /** Only the user themself: anyone else is refused without learning whether the account exists. */
  const requireSelf = async (request: FastifyRequest, id: string) => {
    const userId = await sessions.requireUserId(request);
    if (userId !== id) throw new AppError(Code.forbidden, 'error.forbidden');
    return userId;
  };

  routes.post(
    '/v1/home/verification-codes',
    {
      schema: {
        tags,
        summary: 'Text a 6-digit registration code to a phone (one a minute)',
        body: verificationCodeBodySchema,
        response: { 200: emptyReply },
      },
    },
    async (request) => {
      await accounts.sendVerificationCode(request.body.phone, request.locale, request.ip);
      return ok(null);
    },
  );

  routes.post(
    '/v1/home/users/register',
    {
      schema: {
        tags,
        summary:
          'Register; sends the activation mail (link valid 24 h). An address already in use gets the same answer, and its owner a notice',
        body: registerBodySchema,
        response: { 201: envelopeSchema(z.object({ id: z.string(), email: z.string() })) },
      },
    },
    async (request, reply) => {
      const created = await accounts.register(request.body, request.locale, request.ip);
      return reply.code(201).send(ok(created));
    },
  );

  routes.post(
    '/v1/home/users/activate',
    {
      schema: {
        tags,
        summary:
          'Activate an account from the mail link; a link used or expired for an account already active says so',
        body: tokenBodySchema,
        response: { 200: activationReply },
      },
    },
    async (request) => ok(await accounts.activate(request.body.token)),
  );

  routes.post(
    '/v1/home/users/activation/resend',
    {
      schema: {
        tags,
        summary: 'Send the activation mail again, optionally to a corrected address',
        body: resendActivationBodySchema,
        response: { 200: emailReply },
      },
    },
    async (request) => ok(await accounts.resendActivation(request.body, request.ip)),
  );

  routes.post(
    '/v1/home/users/login',
    {
      ...noStore,
      schema: {
        tags,
        summary: 'Log in by email or phone',
        body: loginBodySchema,
        response: { 200: envelopeSchema(userSchema) },
      },
    },
    async (request, reply) => {
      const user = await accounts.login(request.body.account, request.body.password, request.ip);
      // Mails follow the language the shopper uses the shop in, not only the one they registered in.
      const stated = statedLocale(request);
      if (stated) await accounts.rememberLocale(user.id, stated);
      await sessions.start(request, reply, user.id);
      await afterLogin(request, reply, user.id);
      return ok(user);
    },
  );

  routes.post(
    '/v1/home/users/logout',
    { schema: { tags, summary: 'End the session', response: { 200: emptyReply } } },
    async (request, reply) => {
      await sessions.end(request, reply);
      return ok(null);
    },
  );

  routes.get(
    '/v1/home/users/me',
    {
      ...noStore,
      schema: { tags, summary: 'The logged-in shopper', response: { 200: envelopeSchema(userSchema) } },
    },
    async (request) => ok(await accounts.getUser(await sessions.requireUserId(request))),
  );

  routes.put(
    '/v1/home/users/me/locale',
    {
      ...noStore,
      schema: {
        tags,
        summary: "The signed-in shopper's language, which the shop's mails to them are written in",
        body: userLocaleBodySchema,
        response: { 200: envelopeSchema(userLocaleSchema) },
      },
    },
    async (request) => {
      const userId = await sessions.requireUserId(request);
      await accounts.rememberLocale(userId, request.body.locale);
      return ok({ locale: request.body.locale });
    },
  );

  routes.get(
    '/v1/home/users/:id',
    {
      ...noStore,
      schema: {
        tags,
        summary: 'A user: only oneself',
        params: idParamsSchema,
        response: { 200: envelopeSchema(userSchema) },
      },
    },
    async (request) => ok(await accounts.getUser(await requireSelf(request, request.params.id))),
  );

  routes.post(
    '/v1/home/users/:id/edit',
    {
      ...noStore,
      schema: {
        tags,
        summary: "Edit one's profile",
        params: idParamsSchema,
        body: editUserBodySchema,
        response: { 200: envelopeSchema(userSchema) },
      },
    },
    async (request) => {
      const userId = await requireSelf(request, request.params.id);
      return ok(await accounts.editUser(userId, request.body));
    },
  );

  routes.post(
    '/v1/home/users/:id/avatar',
    {
      ...noStore,
      schema: {
        tags,
        summary: 'Upload an avatar (multipart field "file": PNG, JPEG or WebP, at most 2 MB)',
        params: idParamsSchema,
        consumes: ['multipart/form-data'],
        response: { 200: envelopeSchema(userSchema) },
      },
    },
    async (request) => {
      const userId = await requireSelf(request, request.params.id);
      const avatar = await avatars.store(request);
      return ok(await accounts.editUser(userId, { avatar }));
    },
  );

  routes.post(
    '/v1/home/users/:id/password/edit',
    {
      schema: {
        tags,
        summary: "Change one's password; other sessions end",
        params: idParamsSchema,
        body: editPasswordBodySchema,
        response: { 200: emptyReply },
      },
    },
    async (request) => {
      const userId = await requireSelf(request, request.params.id);
      await accounts.changePassword(userId, request.body.oldPassword, request.body.password);
      await sessions.endOthers(userId, await sessions.current(request));
      return ok(null);
    },
  );

  routes.post(
    '/v1/home/users/password/forget',
    {
      schema: {
        tags,
        summary: 'Mail a reset link (valid 1 h); the same answer whether the address is known',
        body: forgetBodySchema,
        response: { 200: emptyReply },
      },
    },
    async (request) => {
      const { mailing } = await accounts.requestPasswordReset(request.body.email, request.ip);
      // Not awaited: the reply must not wait for the lookup and the mail, or its timing would tell.
      mailing.catch((error: unknown) => request.log.error({ err: error }, 'password reset mail not sent'));
      return ok(null);
    },
  );

  routes.post(
    '/v1/home/users/password/reset',
    {
      schema: {
        tags,
        summary: 'Set a new password from a reset link; every session ends',
        body: resetPasswordBodySchema,
        response: { 200: emptyReply },
      },
    },
    async (request, reply) => {
      const { userId } = await accounts.resetPassword(request.body.token, request.body.password);
      await sessions.endOthers(userId);
      await sessions.end(request, reply);
      return ok(null);
    },
  );
}

/** Replies about a person are never stored by browsers or proxies. */
async function noStoreHook(
  _request: FastifyRequest,
  reply: { header: (k: string, v: string) => unknown },
  payload: unknown,
) {
  reply.header('cache-control', 'no-store');
  return payload;
}
