import './zod-in-browsers.ts';
import { z } from 'zod';

/** The shop's envelope codes (spec §8, contract "Envelope"). */
export const Code = {
  ok: 200,
  validation: 1,
  refused: 2,
  unauthorized: 401,
  forbidden: 403,
  notFound: 404,
  tooManyRequests: 429,
  internal: 500,
} as const;
export type Code = (typeof Code)[keyof typeof Code];

/** Field name → message, in the request's locale. */
export type FieldMessages = Record<string, string>;

export interface Envelope<T> {
  code: number;
  data: T;
  msg: string | FieldMessages;
  meta?: PageMeta;
}

export interface PageMeta {
  page: number;
  pageSize: number;
  total: number;
}

export const pageMetaSchema = z.object({
  page: z.number().int(),
  pageSize: z.number().int(),
  total: z.number().int(),
});

export function envelopeSchema<T extends z.ZodType>(data: T) {
  return z.object({
    code: z.number().int(),
    data,
    msg: z.union([z.string(), z.record(z.string(), z.string())]),
  });
}

export function pagedEnvelopeSchema<T extends z.ZodType>(item: T) {
  return envelopeSchema(z.array(item)).extend({ meta: pageMetaSchema });
}

/**
 * The one error type that crosses the wire: the server turns it into an envelope, the client turns an envelope
 * back into it. `message` is a message key on the server (translated per request) and a translated text on the
 * client.
 */
export class AppError extends Error {
  constructor(
    readonly code: Code,
    message: string,
    readonly fields?: FieldMessages,
    readonly httpStatus: number = defaultHttpStatus(code),
    /** Machine-readable details of a refusal, sent as the envelope's `data` (e.g. `{ otpRequired: true }`). */
    readonly data?: unknown,
  ) {
    super(message);
    this.name = 'AppError';
  }
}

export function defaultHttpStatus(code: Code): number {
  switch (code) {
    case Code.ok:
      return 200;
    case Code.validation:
      return 422;
    case Code.refused:
      return 400;
    default:
      return code;
  }
}
