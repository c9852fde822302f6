import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { TooManyRequestsError } from './rate-limiter.ts';
import { AppError, Code, isMessageKey, translate, type FieldMessages, type PageMeta } from '@shop/contract';

export function ok<T>(data: T, msg = '') {
  return { code: Code.ok, data, msg };
}

export function paged<T>(data: T[], meta: PageMeta) {
  return { code: Code.ok, data, msg: '', meta };
}

/** Thrown by the `qs` parser when a query string passes the spec's limits. */
export class QueryTooComplexError extends Error {}

/**
 * Turns every failure into the envelope: validation problems become code 1 with field messages in the
 * request's locale, business refusals keep their code, anything unexpected becomes a bare 500 whose details
 * stay in the log under the request id.
 */
export function registerErrorEnvelope(app: FastifyInstance) {
  // Routes take the error handler in force when they are added: this must run before any route.
  app.setErrorHandler((error: FastifyError, request, reply) => {
    const appError = toAppError(error);
    if (appError.code === Code.internal) {
      request.log.error({ err: error }, 'request failed');
    }
    if (appError.code === Code.tooManyRequests || appError.httpStatus === 429) {
      reply.header(
        'retry-after',
        String(appError instanceof TooManyRequestsError ? appError.retryAfterSeconds : 60),
      );
    }
    // A route that had set another type (a CSV export) failed before its first byte: the refusal is JSON.
    return reply
      .status(appError.httpStatus)
      .type('application/json; charset=utf-8')
      .send(envelopeOf(appError, request));
  });
}

/** Unknown `/v1` routes get a 404 envelope; other unknown paths are the storefront's to answer. */
export function registerNotFound(app: FastifyInstance, onUnknownPath: UnknownPathHandler) {
  app.setNotFoundHandler((request, reply) => {
    if (request.url.startsWith('/v1/') || request.url === '/v1') {
      const error = new AppError(Code.notFound, 'error.route.notFound');
      return reply.status(404).send(envelopeOf(error, request));
    }
    return onUnknownPath(request, reply);
  });
}

export type UnknownPathHandler = (request: FastifyRequest, reply: FastifyReply) => unknown;

function envelopeOf(error: AppError, request: FastifyRequest) {
  const locale = request.locale;
  const msg: string | FieldMessages = error.fields
    ? Object.fromEntries(Object.entries(error.fields).map(([field, key]) => [field, translate(locale, key)]))
    : translate(locale, error.message);
  return { code: error.code, data: error.data ?? null, msg };
}

function toAppError(error: FastifyError): AppError {
  if (error instanceof AppError) return error;
  if (hasZodFastifySchemaValidationErrors(error)) {
    const fields: FieldMessages = {};
    for (const issue of error.validation) {
      const path = issue.instancePath.replace(/^\//, '').replaceAll('/', '.');
      const unknownKeys = issue.keyword === 'unrecognized_keys' ? (issue.params.keys as string[]) : [];
      const names = unknownKeys.length > 0 ? unknownKeys.map((k) => (path ? `${path}.${k}` : k)) : [path];
      // zod's own English defaults give way to the generic key: only the contract's keys are translated.
      const message =
        unknownKeys.length > 0
          ? 'validation.unknownField'
          : issue.message && isMessageKey(issue.message)
            ? issue.message
            : 'validation.invalid';
      for (const name of names) {
        fields[name || error.validationContext || 'body'] ??= message;
      }
    }
    return new AppError(Code.validation, 'validation.invalid', fields);
  }
  if (error instanceof QueryTooComplexError) {
    return new AppError(
      Code.validation,
      'validation.query.tooComplex',
      { query: 'validation.query.tooComplex' },
      400,
    );
  }
  switch (error.code) {
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      return new AppError(
        Code.validation,
        'validation.body.malformed',
        { body: 'validation.body.malformed' },
        400,
      );
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return new AppError(
        Code.validation,
        'validation.body.tooLarge',
        { body: 'validation.body.tooLarge' },
        413,
      );
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
    case 'FST_ERR_CTP_INVALID_CONTENT_LENGTH':
      return new AppError(
        Code.validation,
        'validation.body.unsupported',
        { body: 'validation.body.unsupported' },
        415,
      );
  }
  if (isInputDatabaseError(error)) {
    return new AppError(Code.validation, 'validation.invalid', { request: 'validation.invalid' }, 400);
  }
  if (error.statusCode === 429) return new AppError(Code.tooManyRequests, 'error.tooManyRequests');
  if (error.statusCode === 404) return new AppError(Code.notFound, 'error.notFound');
  if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
    return new AppError(
      Code.validation,
      'validation.invalid',
      { request: 'validation.invalid' },
      error.statusCode,
    );
  }
  return new AppError(Code.internal, 'error.internal');
}

/**
 * PostgreSQL's "data exception" class (SQLSTATE 22xxx: invalid byte sequence 22021, invalid text representation
 * 22P02, numeric value out of range 22003, untranslatable character 22P05, ...) is caused by a value that was
 * sent. Validation is meant to stop such values first; one that slips through is still the sender's error, code
 * 1, and never a 500. The driver's error is the `cause` of Drizzle's.
 */
function isInputDatabaseError(error: unknown): boolean {
  for (let current = error, depth = 0; current && depth < 5; depth++) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string' && /^22[0-9A-Z]{3}$/.test(code)) return true;
    current = (current as { cause?: unknown }).cause;
  }
  return false;
}
