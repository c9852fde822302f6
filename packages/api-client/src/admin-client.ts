import { AppError, Code } from '@shop/contract';
import type {
  AdminMarket,
  MarketInputBody,
  AccountActivityQueryInput,
  AuditEntry,
  AuditQueryInput,
  ChangeStaffPasswordBody,
  CreateStaffBody,
  CreatedStaff,
  MailboxMessage,
  MailStatus,
  SearchSynonyms,
  SearchSynonymsInput,
  StaffAccount,
  StaffListQueryInput,
  StaffLoginBody,
  StaffMember,
  StaffOtpCodeBody,
  StaffOtpEnrolment,
  StaffOtpPolicy,
  StaffOtpStatus,
  StaffRecoveryCodes,
  StaffSession,
  StaffSummary,
  AdminTaxRate,
  TaxRateInputBody,
  TaxReport,
  TaxReportQuery,
  UpdateStaffAccountBody,
  UpdateStaffBody,
} from '@shop/contract';
import type { QueryInput } from './client.ts';
import { createRequester } from './request.ts';
import type { ApiClientOptions, CallOptions, Page, QueryParams, Requester } from './request.ts';

export interface AdminClientOptions extends ApiClientOptions {
  /**
   * Called when a call answers 401 (no staff session, or it expired), unless the caller handles 401 itself
   * (`handles: [401]`): the back office sends the user to its login page. The promise still rejects.
   */
  onUnauthorized?: (error: AppError) => void;
}

const enc = encodeURIComponent;

/**
 * The staff API (`/v1/admin`) over the same envelope rules as the shopper client: code 200 resolves with
 * `data`, anything else rejects with an `AppError` (codes 1, 2 and 500 are handed to `onError` first, 401 to
 * `onUnauthorized`). `http` is the generic part every back-office page uses for its own area's endpoints; the
 * named groups are the shell's (session, own account, staff management, audit log, mailbox).
 */
export function createAdminClient(options: AdminClientOptions) {
  const base = createRequester(options);
  const request: Requester = async (spec) => {
    try {
      return await base(spec);
    } catch (error) {
      if (
        error instanceof AppError &&
        error.code === Code.unauthorized &&
        !spec.handles?.includes(Code.unauthorized)
      ) {
        options.onUnauthorized?.(error);
      }
      throw error;
    }
  };

  const http = {
    /** `GET /v1/admin…` → `data`. `path` starts after `/v1`, e.g. `/admin/goods/${id}`. */
    async get<T>(path: string, query?: QueryParams, call?: CallOptions): Promise<T> {
      return (await request<T>({ method: 'GET', path, ...(query && { query }), ...call })).data;
    },
    /** A paged list: the items and the envelope's `meta` (page, pageSize, total). */
    async list<T>(path: string, query?: QueryParams, call?: CallOptions): Promise<Page<T>> {
      const reply = await request<T[]>({ method: 'GET', path, ...(query && { query }), ...call });
      const meta = reply.meta ?? { page: 1, pageSize: reply.data.length, total: reply.data.length };
      return { data: reply.data, meta };
    },
    async post<T>(path: string, body?: unknown, call?: CallOptions): Promise<T> {
      return (await request<T>({ method: 'POST', path, body, ...call })).data;
    },
    async put<T>(path: string, body?: unknown, call?: CallOptions): Promise<T> {
      return (await request<T>({ method: 'PUT', path, body, ...call })).data;
    },
    async delete<T>(path: string, call?: CallOptions): Promise<T> {
      return (await request<T>({ method: 'DELETE', path, ...call })).data;
    },
    /**
     * A file upload: multipart `FormData` holding the file(s) under the names the route expects, or a `Blob` sent
     * as the body itself with its own type as the Content-Type (the price sheet's `text/csv`).
     */
    async upload<T>(path: string, body: FormData | Blob, call?: CallOptions): Promise<T> {
      return (await request<T>({ method: 'POST', path, body, ...call })).data;
    },
  };

  return {
    http,
    session: {
      /** Wrong credentials reject with code 2 ("Invalid username or password"), a shopper with 403. */
      login: (body: StaffLoginBody, call?: CallOptions) => http.post<StaffMember>('/admin/login', body, call),
      logout: (call?: CallOptions) => http.post<null>('/admin/logout', {}, call),
      me: (call?: CallOptions) => http.get<StaffMember>('/admin/me', undefined, call),
    },
    account: {
      get: (call?: CallOptions) => http.get<StaffAccount>('/admin/account', undefined, call),
      update: (body: UpdateStaffAccountBody, call?: CallOptions) =>
        http.put<StaffAccount>('/admin/account', body, call),
      /** Stores `file` (PNG, JPEG or WebP, at most 2 MB) as the member's avatar; answers with the account. */
      uploadAvatar: (file: Blob, call?: CallOptions) => {
        const form = new FormData();
        form.append('file', file);
        return http.upload<StaffAccount>('/admin/account/avatar', form, call);
      },
      changePassword: (body: ChangeStaffPasswordBody, call?: CallOptions) =>
        http.put<null>('/admin/account/password', body, call),
      /** The member's own changes (their audit-log entries), newest first. */
      activity: (query?: QueryInput<AccountActivityQueryInput>, call?: CallOptions) =>
        http.list<AuditEntry>('/admin/account/activity', query as QueryParams, call),
      sessions: (call?: CallOptions) => http.get<StaffSession[]>('/admin/account/sessions', undefined, call),
      endSession: (id: string, call?: CallOptions) =>
        http.delete<null>(`/admin/account/sessions/${enc(id)}`, call),
    },
    staff: {
      list: (query?: QueryInput<StaffListQueryInput>, call?: CallOptions) =>
        http.list<StaffSummary>('/admin/staff', query as QueryParams, call),
      create: (body: CreateStaffBody, call?: CallOptions) =>
        http.post<CreatedStaff>('/admin/staff', body, call),
      update: (id: string, body: UpdateStaffBody, call?: CallOptions) =>
        http.put<StaffSummary>(`/admin/staff/${enc(id)}`, body, call),
    },
    audit: {
      list: (query?: QueryInput<AuditQueryInput>, call?: CallOptions) =>
        http.list<AuditEntry>('/admin/audit', query as QueryParams, call),
    },
    /** Two-step sign-in: the member's own (status, enrol, confirm, turn off) and the admins' controls. */
    twoStep: {
      status: (call?: CallOptions) => http.get<StaffOtpStatus>('/admin/me/otp', undefined, call),
      start: (call?: CallOptions) => http.post<StaffOtpEnrolment>('/admin/me/otp', undefined, call),
      /** Answers the 10 recovery codes, shown once. */
      confirm: (body: StaffOtpCodeBody, call?: CallOptions) =>
        http.post<StaffRecoveryCodes>('/admin/me/otp/confirm', body, call),
      turnOff: async (body: StaffOtpCodeBody, call?: CallOptions) =>
        (await request<null>({ method: 'DELETE', path: '/admin/me/otp', body, ...call })).data,
      reset: (id: string, call?: CallOptions) =>
        http.delete<StaffSummary>(`/admin/staff/${enc(id)}/otp`, call),
      policy: (call?: CallOptions) => http.get<StaffOtpPolicy>('/admin/staff/two-step', undefined, call),
      setPolicy: (body: StaffOtpPolicy, call?: CallOptions) =>
        http.put<StaffOtpPolicy>('/admin/staff/two-step', body, call),
    },
    mailbox: {
      list: (to?: string, call?: CallOptions) =>
        http.get<MailboxMessage[]>('/admin/mailbox', to ? { to } : undefined, call),
      /** Whether mail is delivered; any member of staff may ask (the mailbox itself is for admins). */
      status: (call?: CallOptions) => http.get<MailStatus>('/admin/mail-status', undefined, call),
    },
    /** Where the shop sells and in which currency; any member of staff reads, admins change. */
    markets: {
      list: (call?: CallOptions) => http.get<AdminMarket[]>('/admin/markets', undefined, call),
      create: (body: MarketInputBody, call?: CallOptions) =>
        http.post<AdminMarket[]>('/admin/markets', body, call),
      update: (code: string, body: MarketInputBody, call?: CallOptions) =>
        http.put<AdminMarket[]>(`/admin/markets/${encodeURIComponent(code)}`, body, call),
      remove: (code: string, call?: CallOptions) =>
        http.delete<AdminMarket[]>(`/admin/markets/${encodeURIComponent(code)}`, call),
    },
    /** Tax rates by destination and tax class (any member of staff reads, admins change), and the tax report. */
    taxes: {
      list: (call?: CallOptions) => http.get<AdminTaxRate[]>('/admin/tax-rates', undefined, call),
      create: (body: TaxRateInputBody, call?: CallOptions) =>
        http.post<AdminTaxRate[]>('/admin/tax-rates', body, call),
      update: (id: string, body: TaxRateInputBody, call?: CallOptions) =>
        http.put<AdminTaxRate[]>(`/admin/tax-rates/${enc(id)}`, body, call),
      remove: (id: string, call?: CallOptions) =>
        http.delete<AdminTaxRate[]>(`/admin/tax-rates/${enc(id)}`, call),
      /** The taxes of the paid orders placed over UTC days `from` … `to`; a bad period rejects with code 1. */
      report: (query: TaxReportQuery, call?: CallOptions) =>
        http.get<TaxReport>('/admin/reports/taxes', query, call),
    },
    /** The storefront search's settings kept by staff (the settings permission). */
    search: {
      synonyms: {
        get: (call?: CallOptions) => http.get<SearchSynonyms>('/admin/search/synonyms', undefined, call),
        /** Replaces every language's groups; a bad word answers code 1 with fields like `groups.en-US.3.1`. */
        put: (body: SearchSynonymsInput, call?: CallOptions) =>
          http.put<SearchSynonyms>('/admin/search/synonyms', body, call),
      },
    },
  };
}

export type AdminClient = ReturnType<typeof createAdminClient>;
export type AdminHttp = AdminClient['http'];
