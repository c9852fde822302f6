import { AppError, Code } from '@shop/contract';
import type { Envelope, FieldMessages, PageMeta } from '@shop/contract';

/** Why a reply could not be read as an envelope: the request never got one, or it was not the shop's JSON. */
export type TransportFailure = 'network' | 'badResponse';

export interface ApiClientOptions {
  /** Where the API lives; the storefront and back office are served from the same origin. */
  baseUrl?: string;
  /** The current UI locale, sent as `Accept-Language`; `undefined` lets the server pick the shop's default. */
  getLocale?: () => string | undefined;
  /**
   * Called for the envelope codes the spec shows as a toast (1, 2, 500 and transport failures, which become
   * 500): `message` is the text to show. The promise still rejects with the same `AppError`.
   */
  onError?: (message: string, error: AppError) => void;
  /** The translated generic text for a reply that never came or was not an envelope. */
  translateFailure: (reason: TransportFailure) => string;
  /** For tests and other runtimes; defaults to the global `fetch`. */
  fetch?: typeof fetch;
}

/** A list reply: the items plus the envelope's page meta. */
export interface Page<T, Meta extends PageMeta = PageMeta> {
  data: T[];
  meta: Meta;
}

type QueryValue = string | number | boolean | null | undefined | readonly (string | number)[];
export type QueryParams = Readonly<Record<string, QueryValue>>;

export interface CallOptions {
  signal?: AbortSignal;
  headers?: Record<string, string>;
  /**
   * Envelope codes this caller shows in its own way (a "not found" page for code 404 or 1 on a malformed id):
   * for them `onError` is not called, so no toast doubles the page. The promise still rejects.
   */
  handles?: readonly number[];
}

export interface RequestSpec extends CallOptions {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  path: string;
  query?: QueryParams;
  body?: unknown;
}

/** Codes whose text the spec shows as a 1 s toast; the others (401, 403, 404, 429) are the caller's to handle. */
const TOASTED_CODES: ReadonlySet<number> = new Set([Code.validation, Code.refused, Code.internal]);

/** Whether the client already handed this failure to `onError` (codes 1, 2, 500); others are the caller's. */
export function isReported(error: unknown): boolean {
  return error instanceof AppError && TOASTED_CODES.has(error.code);
}

/** `a=1&b=x&c=1&c=2`; `undefined` and `null` are skipped, arrays repeat the key (the server parses with `qs`). */
export function serializeQuery(query: QueryParams | undefined): string {
  if (!query) return '';
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value === undefined || value === null) continue;
    if (Array.isArray(value)) {
      for (const item of value) params.append(key, String(item));
    } else {
      params.append(key, String(value));
    }
  }
  const text = params.toString();
  return text ? `?${text}` : '';
}

/** The first non-empty message of a code-1 reply, in the server's field order. */
export function firstFieldMessage(fields: FieldMessages): string | undefined {
  return Object.values(fields).find((text) => typeof text === 'string' && text.trim() !== '');
}

function isEnvelope(value: unknown): value is Envelope<unknown> {
  return (
    typeof value === 'object' && value !== null && typeof (value as { code?: unknown }).code === 'number'
  );
}

export type Requester = <T>(spec: RequestSpec) => Promise<{ data: T; meta: PageMeta | undefined }>;

/**
 * Sends one request and applies the envelope rules of spec §8: code 200 resolves with `data` (and `meta`),
 * everything else rejects with an `AppError`, after `onError` for the codes shown as a toast.
 */
export function createRequester(options: ApiClientOptions): Requester {
  const baseUrl = (options.baseUrl ?? '/v1').replace(/\/$/, '');
  const doFetch = options.fetch ?? ((input, init) => fetch(input, init));

  const fail = (error: AppError, toastText: string | undefined, handles?: readonly number[]): never => {
    if (toastText !== undefined && TOASTED_CODES.has(error.code) && !handles?.includes(error.code)) {
      options.onError?.(toastText, error);
    }
    throw error;
  };

  const transportFailure = (reason: TransportFailure, httpStatus: number): never => {
    const message = options.translateFailure(reason);
    return fail(new AppError(Code.internal, message, undefined, httpStatus), message);
  };

  return async function request<T>(spec: RequestSpec) {
    const headers: Record<string, string> = { Accept: 'application/json', ...spec.headers };
    const locale = options.getLocale?.();
    if (locale) headers['Accept-Language'] = locale;
    const init: RequestInit = { method: spec.method, headers, credentials: 'same-origin' };
    if (spec.signal) init.signal = spec.signal;
    if (spec.body instanceof FormData || spec.body instanceof Blob) {
      // A file upload: fetch writes the multipart Content-Type with its boundary, or a file's own type (a CSV
      // sent as the body itself).
      init.body = spec.body;
    } else if (spec.method === 'POST' || spec.method === 'PUT' || spec.body !== undefined) {
      headers['Content-Type'] = 'application/json';
      init.body = JSON.stringify(spec.body ?? {});
    }

    let response: Response;
    try {
      response = await doFetch(`${baseUrl}${spec.path}${serializeQuery(spec.query)}`, init);
    } catch (cause) {
      // A cancelled query is the caller's own doing, not a failure to report.
      if (spec.signal?.aborted) throw cause;
      return transportFailure('network', 0);
    }

    let body: unknown;
    try {
      body = await response.json();
    } catch (cause) {
      if (spec.signal?.aborted) throw cause;
      return transportFailure('badResponse', response.status);
    }
    if (!isEnvelope(body)) return transportFailure('badResponse', response.status);

    if (body.code === Code.ok) {
      if (!response.ok) return transportFailure('badResponse', response.status);
      return { data: body.data as T, meta: body.meta };
    }

    const code = body.code as Code;
    if (typeof body.msg === 'object' && body.msg !== null) {
      const fields = body.msg;
      const first = firstFieldMessage(fields) ?? options.translateFailure('badResponse');
      return fail(new AppError(code, first, fields, response.status), first, spec.handles);
    }
    const text =
      typeof body.msg === 'string' && body.msg ? body.msg : options.translateFailure('badResponse');
    return fail(
      new AppError(code, text, undefined, response.status, body.data ?? undefined),
      text,
      spec.handles,
    );
  };
}
