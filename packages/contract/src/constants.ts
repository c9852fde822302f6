/** Business constants of spec §9 and the contract. */
export const SUCCESS_CODE = 200;
export const CHUNK_LOAD_TIMEOUT_MS = 120_000;
export const API_ERROR_TOAST_MS = 1_000;
export const TOAST_SHORT_MS = 3_000;
export const TOAST_LONG_MS = 8_000;
export const NOTIFICATION_MS = 1_500;
export const RELATIVE_TIME_REFRESH_MS = 10_000;
export const ACTIVATION_LINK_TTL_MS = 24 * 60 * 60 * 1000;
export const RESET_LINK_TTL_MS = 60 * 60 * 1000;
export const VERIFICATION_CODE_TTL_MS = 10 * 60 * 1000;
export const VERIFICATION_CODE_INTERVAL_MS = 60 * 1000;
export const MAX_INVITEES = 5;
export const DEFAULT_PAGE_SIZE = 20;
export const MAX_PAGE_SIZE = 100;
export const API_BASE = '/v1';
/** localStorage key of the chosen locale (spec §4). */
export const LOCALE_STORAGE_KEY = 'umi_locale';

/** The storefront's routes (exact match, history mode). The server answers them with the app's index.html. */
export const STOREFRONT_PATHS = [
  '/',
  '/home',
  '/user',
  '/detail',
  '/address',
  '/cart',
  '/order',
  '/my/order',
  '/tips',
  '/forget',
  '/forgetsucess',
  '/passwordchange',
  '/register',
  '/registersucess',
  '/login',
  '/registerchange',
  '/wishlist/shared',
  '/stock-alerts/unsubscribe',
] as const;
export type StorefrontPath = (typeof STOREFRONT_PATHS)[number];

/**
 * Set next to the httpOnly session cookie, readable by scripts and holding no secret: a page can tell a guest
 * (no hint) without asking the server, so a guest's visit does not cost a request answered with 401.
 */
export const SIGNED_IN_HINT_COOKIE = 'shop_signed_in';

/** Avatars: what the upload accepts (the server checks the type again by the file's first bytes). */
export const AVATAR_TYPES = ['image/png', 'image/jpeg', 'image/webp'] as const;
export const MAX_AVATAR_BYTES = 2 * 1024 * 1024;
