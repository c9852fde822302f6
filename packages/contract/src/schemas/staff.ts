import { z } from 'zod';
import { DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE } from '../constants.ts';
import type { MessageKey } from '../messages.ts';
import {
  confirmField,
  emailField,
  idField,
  intParam,
  passwordField,
  textParam,
  withConfirmedPassword,
} from '../validation.ts';
import { loginBodySchema } from './accounts.ts';
import type { Mail } from './dev.ts';
import { isPhone } from '../phone-check.ts';

/** Staff roles. `staff` run the shop day to day; only `admin` manage staff accounts and shop settings. */
export const staffRoleValues = ['staff', 'admin'] as const;
export type StaffRole = (typeof staffRoleValues)[number];

/**
 * Who may call a `/v1/admin` route. Every route there declares one (the server refuses to start otherwise);
 * `public` is for logging in only.
 */
export type StaffAccess = StaffRole | 'public';

/**
 * A code of the second step: 6 digits from the authenticator app, or one of the recovery codes (`xxxxx-xxxxx`;
 * case, spaces and the hyphen do not matter).
 */
export const otpField = z
  .string({ error: 'validation.otp.required' })
  .trim()
  .min(1, { error: 'validation.otp.required', abort: true })
  .max(32, { error: 'validation.tooLong', abort: true })
  .regex(/^(\d{6}|[A-Za-z2-7]{5}[ -]?[A-Za-z2-7]{5})$/, { error: 'validation.otp.invalid' });

/**
 * `POST /v1/admin/login`: the same fields as a shopper's login, plus `otp` once the member has turned on two-step
 * sign-in. Without it (or with a wrong one) the reply is code 2, HTTP 401, `data: { otpRequired: true }`.
 */
export const staffLoginBodySchema = loginBodySchema.extend({ otp: otpField.optional() });
export type StaffLoginBody = z.input<typeof staffLoginBodySchema>;

/** `data` of a refused staff login when the second step is missing or wrong. */
export const otpRequiredDataSchema = z.object({ otpRequired: z.literal(true) });
/**
 * `data` of the 403 (code 2) every staff route but the enrolment ones answers while the shop requires two-step
 * sign-in and the member has not turned it on.
 */
export const otpSetupRequiredDataSchema = z.object({ otpSetupRequired: z.literal(true) });

export const staffMemberSchema = z.object({
  id: z.string(),
  email: z.string(),
  nickname: z.string(),
  avatar: z.string(),
  role: z.enum(staffRoleValues),
  /** Two-step sign-in (authenticator app) is on. */
  otpEnabled: z.boolean(),
  /** The shop requires two-step sign-in and the member has not turned it on yet. */
  otpSetupRequired: z.boolean(),
});
export type StaffMember = z.infer<typeof staffMemberSchema>;

/** Paging shared by the back office's lists: `page` from 1, `pageSize` up to the shop's maximum. */
export const adminPageQuery = {
  page: intParam(1, 100_000).default(1),
  pageSize: intParam(1, MAX_PAGE_SIZE).default(DEFAULT_PAGE_SIZE),
};

/** `GET /v1/admin/audit`: newest first, optionally about one record or by one member of staff. */
export const auditQuerySchema = z.strictObject({
  entity: textParam(40).optional(),
  entityId: textParam(100).optional(),
  actorId: idField.optional(),
  ...adminPageQuery,
});
export type AuditQuery = z.infer<typeof auditQuerySchema>;

/** What kind of thing an audit entry acted on, as the back office names and links it. */
export const auditSubjectKindValues = [
  'product',
  'order',
  'coupon',
  'category',
  'staff',
  'shopper',
  'return',
  'goal',
  'settings',
  'session',
  'market',
  'taxRate',
  'shippingZone',
  'other',
] as const;
export type AuditSubjectKind = (typeof auditSubjectKindValues)[number];

/**
 * The thing an audit entry acted on, named by the server when the log is read (one query per kind of thing on
 * the page), so the reader sees today's name in their language: a product's or category's name, a coupon's
 * title, an order's number (`10001`), a member's or shopper's nickname (else email), a goal's title, a market's
 * name, a tax rate's name and place (`ICMS · BR-SP`), and for a return its order's number. A thing deleted since
 * is named from the entry's own before/after record; `label` is null only when neither knows a name.
 */
export const auditSubjectSchema = z.object({
  kind: z.enum(auditSubjectKindValues),
  label: z.string().nullable(),
});
export type AuditSubject = z.infer<typeof auditSubjectSchema>;

export const auditEntrySchema = z.object({
  id: z.string(),
  actor: z.object({ id: z.string(), email: z.string(), nickname: z.string() }),
  action: z.string(),
  entity: z.string(),
  entityId: z.string(),
  subject: auditSubjectSchema,
  before: z.unknown(),
  after: z.unknown(),
  at: z.string(),
});
export type AuditEntry = z.infer<typeof auditEntrySchema>;

// ---- The logged-in member's own account (account center and settings) ----

/** The three switches of the "new message notification" tab. */
export const staffNotificationsSchema = z.strictObject({
  messages: z.boolean({ error: 'validation.invalid' }),
  system: z.boolean({ error: 'validation.invalid' }),
  todos: z.boolean({ error: 'validation.invalid' }),
});
export type StaffNotifications = z.infer<typeof staffNotificationsSchema>;

/** `GET /v1/admin/account`: the member plus the settings page's fields (`''` where not filled in yet). */
export const staffAccountSchema = staffMemberSchema
  .omit({ otpEnabled: true, otpSetupRequired: true })
  .extend({
    phone: z.string(),
    bio: z.string(),
    /** A region code of `GET /v1/home/regions` (a country), or ''. */
    country: z.string(),
    /** Region codes below the country, joined by '/': province, then city (e.g. `CN-GD/CN-GD-SZ`), or ''. */
    province: z.string(),
    street: z.string(),
    notifications: staffNotificationsSchema,
    createdAt: z.string(),
  });
export type StaffAccount = z.infer<typeof staffAccountSchema>;

const requiredText = (key: MessageKey, max: number) =>
  z
    .string({ error: key })
    .trim()
    .min(1, { error: key, abort: true })
    .max(max, { error: 'validation.tooLong' });

const optionalRegionCode = z
  .string()
  .regex(/^([A-Za-z0-9_-]+(\/[A-Za-z0-9_-]+){0,3})?$/, { error: 'validation.invalid' });

/** An optional text of the settings form: '' clears it. */
const optionalText = (max: number) =>
  z.string({ error: 'validation.invalid' }).trim().max(max, { error: 'validation.tooLong' });

/**
 * `PUT /v1/admin/account`: the basic tab and/or the notification switches; a field left out is kept. Only the
 * nickname is required: profile, country, province/city, street and phone may be '' (cleared), so a member can
 * change their nickname without filling in the rest. A phone given must be a valid one.
 */
export const updateStaffAccountBodySchema = z.strictObject({
  nickname: requiredText('validation.nickname.required', 40).optional(),
  bio: optionalText(500).optional(),
  country: optionalText(100).pipe(optionalRegionCode).optional(),
  province: optionalText(100).pipe(optionalRegionCode).optional(),
  street: optionalText(200).optional(),
  phone: optionalText(32)
    .refine((value) => value === '' || isPhone(value), { error: 'validation.phone.invalid' })
    .optional(),
  /** An image the shop stores (see the avatar upload), or '' for none. */
  avatar: z
    .string({ error: 'validation.invalid' })
    .regex(/^(\/media\/[a-z0-9]{8,64}\.(png|jpg|webp|svg))?$/, { error: 'validation.invalid' })
    .optional(),
  notifications: staffNotificationsSchema.optional(),
});
export type UpdateStaffAccountBody = z.input<typeof updateStaffAccountBodySchema>;

/** `PUT /v1/admin/account/password`: other sessions of the member end, this one stays. */
export const changeStaffPasswordBodySchema = withConfirmedPassword(
  z.strictObject({
    oldPassword: z
      .string({ error: 'validation.password.required' })
      .min(1, { error: 'validation.password.required' })
      .max(128, { error: 'validation.tooLong' }),
    password: passwordField,
    confirm: confirmField,
  }),
);
export type ChangeStaffPasswordBody = z.input<typeof changeStaffPasswordBodySchema>;

/** One of the member's staff sessions (`GET /v1/admin/account/sessions`); `current` is the caller's own. */
export const staffSessionSchema = z.object({
  id: z.string(),
  userAgent: z.string(),
  ip: z.string(),
  createdAt: z.string(),
  lastSeenAt: z.string(),
  current: z.boolean(),
});
export type StaffSession = z.infer<typeof staffSessionSchema>;

/** `:id` of a session: an opaque id the list gave (not a uuid). */
export const staffSessionParamsSchema = z.strictObject({
  id: z.string({ error: 'validation.id' }).regex(/^[A-Za-z0-9_-]{8,128}$/, { error: 'validation.id' }),
});

// ---- Staff management (admin only) ----

export const staffSummarySchema = staffMemberSchema.extend({
  disabled: z.boolean(),
  createdAt: z.string(),
});
export type StaffSummary = z.infer<typeof staffSummarySchema>;

/** `GET /v1/admin/staff`: members of staff, admins first, then by address; `keyword` searches email/nickname. */
export const staffListQuerySchema = z.strictObject({
  keyword: textParam(100).optional(),
  role: z.enum(staffRoleValues, { error: 'validation.invalid' }).optional(),
  ...adminPageQuery,
});
export type StaffListQuery = z.infer<typeof staffListQuerySchema>;
export type StaffListQueryInput = z.input<typeof staffListQuerySchema>;

/**
 * `POST /v1/admin/staff`: a new member. Without `password` the server generates one and answers it once
 * (`CreatedStaff.password`); with one, nothing is echoed back.
 */
export const createStaffBodySchema = z.strictObject({
  email: emailField,
  nickname: requiredText('validation.nickname.required', 40),
  role: z.enum(staffRoleValues, { error: 'validation.invalid' }),
  password: passwordField.optional(),
});
export type CreateStaffBody = z.input<typeof createStaffBodySchema>;

export const createdStaffSchema = staffSummarySchema.extend({
  /** The generated password, shown once; null when the admin chose it. */
  password: z.string().nullable(),
});
export type CreatedStaff = z.infer<typeof createdStaffSchema>;

/** `PUT /v1/admin/staff/:id`: change the role and/or disable (ends their sessions) or enable the account. */
export const updateStaffBodySchema = z.strictObject({
  role: z.enum(staffRoleValues, { error: 'validation.invalid' }).optional(),
  disabled: z.boolean({ error: 'validation.invalid' }).optional(),
});
export type UpdateStaffBody = z.input<typeof updateStaffBodySchema>;

export const staffIdParamsSchema = z.strictObject({ id: idField });

export type AuditQueryInput = z.input<typeof auditQuerySchema>;

/** `GET /v1/admin/account/activity`: the member's own entries of the audit log, newest first. */
export const accountActivityQuerySchema = z.strictObject({ ...adminPageQuery });
export type AccountActivityQueryInput = z.input<typeof accountActivityQuerySchema>;

/** The dev mailbox, admins only: `GET /v1/admin/mailbox?to=` (404 when real mail is configured). */
export type MailboxMessage = Mail;

// ---- Two-step sign-in (TOTP, RFC 6238) ----

/** `GET /v1/admin/me/otp`: the member's second step. */
export const staffOtpStatusSchema = z.object({
  enabled: z.boolean(),
  /** The shop requires it of every member of staff. */
  required: z.boolean(),
  /** Unused recovery codes (0 when off). */
  recoveryCodesLeft: z.number().int(),
});
export type StaffOtpStatus = z.infer<typeof staffOtpStatusSchema>;

/**
 * `POST /v1/admin/me/otp`: a new secret for the authenticator app (base32) and its `otpauth://` URL (the QR
 * code). Not in force until confirmed; calling again replaces an unconfirmed secret.
 */
export const staffOtpEnrolmentSchema = z.object({ secret: z.string(), otpauthUrl: z.string() });
export type StaffOtpEnrolment = z.infer<typeof staffOtpEnrolmentSchema>;

/** `POST /v1/admin/me/otp/confirm` and `DELETE /v1/admin/me/otp`: a current code (or, to turn off, a recovery code). */
export const staffOtpCodeBodySchema = z.strictObject({ otp: otpField });
export type StaffOtpCodeBody = z.input<typeof staffOtpCodeBodySchema>;

/** The 10 single-use recovery codes, answered once when two-step sign-in is turned on. */
export const staffRecoveryCodesSchema = z.object({ recoveryCodes: z.array(z.string()) });
export type StaffRecoveryCodes = z.infer<typeof staffRecoveryCodesSchema>;

/** `GET`/`PUT /v1/admin/staff/two-step`: whether every member of staff must use two-step sign-in (admins). */
export const staffOtpPolicySchema = z.strictObject({
  required: z.boolean({ error: 'validation.invalid' }),
});
export type StaffOtpPolicy = z.infer<typeof staffOtpPolicySchema>;
