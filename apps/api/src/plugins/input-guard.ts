import type { ConnectionError, FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Socket } from 'node:net';
import { AppError, Code, negotiateLocale, translate, type Locale, type MessageKey } from '@shop/contract';

/**
 * NUL cannot be stored in a PostgreSQL text column, and a lone UTF-16 surrogate cannot be encoded as UTF-8:
 * either one in a string made the database fail with a 500. No field of the shop has a use for them.
 */
const UNSAFE_TEXT = /[\0\p{Cs}]/u;

/** Where, in a request's query, params or body, the first string (or object key) holding unsafe text is. */
export function findUnsafeText(input: unknown): string | null {
  // A walk with a stack, not recursion: a 256 KB body can nest arrays deeper than the call stack goes.
  const stack: { value: unknown; path: string }[] = [{ value: input, path: '' }];
  while (stack.length > 0) {
    const { value, path } = stack.pop()!;
    if (typeof value === 'string') {
      if (UNSAFE_TEXT.test(value)) return path;
    } else if (value && typeof value === 'object') {
      for (const [key, child] of Object.entries(value)) {
        const childPath = path ? `${path}.${key}` : key;
        if (UNSAFE_TEXT.test(key)) return childPath;
        stack.push({ value: child, path: childPath });
      }
    }
  }
  return null;
}

/**
 * The one rule for text from outside: any string in the query, the path parameters or a JSON body that holds
 * NUL or a lone surrogate is refused with code 1 before validation, so no route and no schema can forget it.
 */
export function registerInputGuard(app: FastifyInstance) {
  app.addHook('preValidation', async (request) => {
    for (const [part, value] of [
      ['params', request.params],
      ['query', request.query],
      ['body', request.body],
    ] as const) {
      const path = findUnsafeText(value);
      if (path !== null) {
        const field = path || part;
        throw new AppError(Code.validation, 'validation.text.unsafe', { [field]: 'validation.text.unsafe' });
      }
    }
  });
}

/** The envelope for a refusal made before a request reached the router's hooks (no `request.locale` yet). */
function bareEnvelope(key: MessageKey, locale: Locale) {
  const text = translate(locale, key);
  return { code: Code.validation, data: null, msg: { request: text } };
}

/**
 * Fastify's `frameworkErrors`: a path that is not valid percent-encoding, or a path parameter past
 * `maxParamLength`. Fastify's own reply echoes the path back; this one is the envelope, and says nothing of it.
 */
export function frameworkErrorReply(shopDefaultLocale: () => Locale) {
  return (error: FastifyError, request: FastifyRequest, reply: FastifyReply) => {
    const locale = negotiateLocale(request.headers['accept-language'] ?? '', shopDefaultLocale());
    if (error.code === 'FST_ERR_MAX_PARAM_LENGTH') {
      return reply.status(414).send(bareEnvelope('validation.url.tooLong', locale));
    }
    if (error.code === 'FST_ERR_BAD_URL') {
      return reply.status(400).send(bareEnvelope('validation.request.malformed', locale));
    }
    request.log.error({ err: error }, 'request failed');
    return reply
      .status(500)
      .send({ code: Code.internal, data: null, msg: translate(locale, 'error.internal') });
  };
}

const STATUS_TEXT: Record<number, string> = {
  400: 'Bad Request',
  408: 'Request Timeout',
  431: 'Request Header Fields Too Large',
};

/**
 * The HTTP server's `clientError`: requests Node's parser refuses before Fastify sees them (a URL or headers past
 * Node's 16 KB limit, a malformed request line). The reply is written to the socket by hand, as an envelope, in
 * the language the request asked for when its `Accept-Language` is among the bytes read.
 */
export function clientErrorReply(shopDefaultLocale: () => Locale) {
  return (error: ConnectionError, socket: Socket) => {
    if (error.code === 'ECONNRESET' || socket.destroyed) return;
    // Node hands over the bytes read as a Buffer (Fastify's type says `{ type, data }`, Buffer's JSON form).
    const packet: unknown = error.rawPacket;
    const raw = Buffer.isBuffer(packet)
      ? packet.toString('latin1')
      : Buffer.from(error.rawPacket?.data ?? []).toString('latin1');
    const acceptLanguage = /\r\naccept-language:([^\r\n]*)/i.exec(raw)?.[1]?.trim() ?? '';
    const locale = negotiateLocale(acceptLanguage, shopDefaultLocale());
    const [status, key]: [number, MessageKey] =
      error.code === 'HPE_HEADER_OVERFLOW'
        ? [431, 'validation.headers.tooLarge']
        : error.code === 'ERR_HTTP_REQUEST_TIMEOUT'
          ? [408, 'error.request.timeout']
          : [400, 'validation.request.malformed'];
    const body = JSON.stringify(bareEnvelope(key, locale));
    if (socket.writable) {
      socket.write(
        `HTTP/1.1 ${status} ${STATUS_TEXT[status]}\r\nContent-Type: application/json; charset=utf-8\r\n` +
          `Content-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
      );
    }
    socket.destroy(error);
  };
}
