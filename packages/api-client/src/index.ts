export * from './client.ts';
export * from './admin-client.ts';
export { createRequester, firstFieldMessage, isReported, serializeQuery } from './request.ts';
export type {
  ApiClientOptions,
  CallOptions,
  Page,
  QueryParams,
  Requester,
  RequestSpec,
  TransportFailure,
} from './request.ts';
