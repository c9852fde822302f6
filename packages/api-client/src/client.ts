import type { z } from 'zod';
import type {
  ChosenMarket,
  Market,
  Activation,
  Address,
  addCartItemBodySchema,
  addressBodySchema,
  Cart,
  Category,
  Charge,
  chargeBodySchema,
  chargesQuerySchema,
  Coupon,
  CreateReturnBody,
  editPasswordBodySchema,
  editUserBodySchema,
  forgetBodySchema,
  GoodsDetail,
  GoodsQueryInput,
  GuestOrder,
  guestOrderPreviewBodySchema,
  GoodsPageMeta,
  ListedGoods,
  loginBodySchema,
  Order,
  OrderDetail,
  OrderReturn,
  OrderPreview,
  orderPreviewBodySchema,
  ordersQuerySchema,
  orderTotalsSchema,
  placeGuestOrderBodySchema,
  placeOrderBodySchema,
  Region,
  Review,
  ReviewsPageMeta,
  ReviewsQuery,
  WriteReviewInput,
  RegisterBody,
  SharedWishlist,
  StockAlert,
  StockAlertBody,
  Wishlist,
  WishlistShare,
  resendActivationBodySchema,
  resetPasswordBodySchema,
  Systems,
  tokenBodySchema,
  updateCartItemBodySchema,
  User,
  UserLocale,
  Locale,
  verificationCodeBodySchema,
} from '@shop/contract';
import { createRequester } from './request.ts';
import type { ApiClientOptions, CallOptions, Page, QueryParams } from './request.ts';

/** A query as a caller writes it: numeric parameters (which arrive as strings on the server) may be numbers. */
export type QueryInput<T> = { [K in keyof T]?: string extends T[K] ? T[K] | number : T[K] };

export type GoodsListQuery = QueryInput<GoodsQueryInput>;
export type OrdersQuery = QueryInput<z.input<typeof ordersQuerySchema>>;
export type LoginBody = z.input<typeof loginBodySchema>;
export type VerificationCodeBody = z.input<typeof verificationCodeBodySchema>;
export type ForgetBody = z.input<typeof forgetBodySchema>;
export type ResetPasswordBody = z.input<typeof resetPasswordBodySchema>;
export type EditPasswordBody = z.input<typeof editPasswordBodySchema>;
export type EditUserBody = z.input<typeof editUserBodySchema>;
export type TokenBody = z.input<typeof tokenBodySchema>;
export type ResendActivationBody = z.input<typeof resendActivationBodySchema>;
export type AddressBody = z.input<typeof addressBodySchema>;
export type AddCartItemBody = z.input<typeof addCartItemBodySchema>;
export type UpdateCartItemBody = z.input<typeof updateCartItemBodySchema>;
export type OrderPreviewBody = z.input<typeof orderPreviewBodySchema>;
export type PlaceOrderBody = z.input<typeof placeOrderBodySchema>;
export type GuestOrderPreviewBody = z.input<typeof guestOrderPreviewBodySchema>;
export type PlaceGuestOrderBody = z.input<typeof placeGuestOrderBodySchema>;
export type OrderTotals = z.infer<typeof orderTotalsSchema>;
export type ChargeBody = z.input<typeof chargeBodySchema>;
export type ChargesQuery = z.input<typeof chargesQuerySchema>;
/** `POST /home/users/register` answers with the new account's id and address (contract). */
export type RegisteredUser = Pick<User, 'id' | 'email'>;

const enc = encodeURIComponent;

/** A fresh key for one user action; a retry of that same action must reuse it. */
export function newIdempotencyKey(): string {
  return crypto.randomUUID();
}

/**
 * Typed calls for the shopper API (`/v1/home`). Each resolves with the envelope's `data` (lists: `{ data,
 * meta }`) or rejects with the contract's `AppError`; replies are trusted to match the contract's types and are
 * not parsed at run time.
 */
export function createApiClient(options: ApiClientOptions) {
  const request = createRequester(options);

  async function get<T>(path: string, query?: QueryParams, call?: CallOptions): Promise<T> {
    return (await request<T>({ method: 'GET', path, ...(query && { query }), ...call })).data;
  }
  async function list<T>(path: string, query?: QueryParams, call?: CallOptions): Promise<Page<T>> {
    const reply = await request<T[]>({ method: 'GET', path, ...(query && { query }), ...call });
    const meta = reply.meta ?? { page: 1, pageSize: reply.data.length, total: reply.data.length };
    return { data: reply.data, meta };
  }
  async function send<T>(
    method: 'POST' | 'PUT' | 'DELETE',
    path: string,
    body?: unknown,
    call?: CallOptions,
  ): Promise<T> {
    return (await request<T>({ method, path, body, ...call })).data;
  }
  const withKey = (key: string, call?: CallOptions): CallOptions => ({
    ...call,
    headers: { ...call?.headers, 'Idempotency-Key': key },
  });

  return {
    goods: {
      list: (query?: GoodsListQuery, call?: CallOptions) =>
        list<ListedGoods>('/home/goods', query as QueryParams, call) as Promise<
          Page<ListedGoods, GoodsPageMeta>
        >,
      get: (id: string, call?: CallOptions) => get<GoodsDetail>(`/home/goods/${enc(id)}`, undefined, call),
    },
    browsing: {
      /** Goods like this one, in stock, best first. */
      related: (goodsId: string, call?: CallOptions) =>
        get<ListedGoods[]>(`/home/goods/${enc(goodsId)}/related`, undefined, call),
      /** The signed-in shopper's recently viewed goods; for a guest, the goods `ids` (newest first) names. */
      recentlyViewed: (ids: readonly string[], call?: CallOptions) =>
        get<ListedGoods[]>('/home/recently-viewed', ids.length ? { ids: ids.join(',') } : undefined, call),
      /** Signed-in shoppers: puts goods just viewed (newest first) in front of their saved list. */
      recordViewed: (goodsIds: readonly string[], call?: CallOptions) =>
        send<ListedGoods[]>('PUT', '/home/recently-viewed', { goodsIds }, call),
    },
    categories: {
      list: (call?: CallOptions) => get<Category[]>('/home/categories', undefined, call),
    },
    systems: {
      get: (call?: CallOptions) => get<Systems>('/home/systems', undefined, call),
    },
    markets: {
      list: (call?: CallOptions) => get<Market[]>('/home/markets', undefined, call),
      /** The market the shopper's prices are in now. */
      current: (call?: CallOptions) => get<ChosenMarket>('/home/market', undefined, call),
      /** Chooses the shopper's market: remembered in a cookie, and on the account when signed in. */
      choose: (code: string, call?: CallOptions) => send<ChosenMarket>('PUT', '/home/market', { code }, call),
    },
    coupons: {
      list: (call?: CallOptions) => get<Coupon[]>('/home/coupons', undefined, call),
      claim: (id: string, call?: CallOptions) =>
        send<Coupon>('POST', `/home/coupons/${enc(id)}/claim`, {}, call),
    },
    regions: {
      list: (call?: CallOptions) => get<Region[]>('/home/regions', undefined, call),
      /** The cities or districts directly below a state, province or city; `[]` where the data stops. */
      children: (parent: string, call?: CallOptions) => get<Region[]>('/home/regions', { parent }, call),
    },
    verificationCodes: {
      send: (body: VerificationCodeBody, call?: CallOptions) =>
        send<unknown>('POST', '/home/verification-codes', body, call),
    },
    users: {
      register: (body: RegisterBody, call?: CallOptions) =>
        send<RegisteredUser>('POST', '/home/users/register', body, call),
      login: (body: LoginBody, call?: CallOptions) => send<User>('POST', '/home/users/login', body, call),
      logout: (call?: CallOptions) => send<unknown>('POST', '/home/users/logout', {}, call),
      me: (call?: CallOptions) => get<User>('/home/users/me', undefined, call),
      /** The signed-in shopper's language: the shop's mails to them are written in it. */
      rememberLocale: (locale: Locale, call?: CallOptions) =>
        send<UserLocale>('PUT', '/home/users/me/locale', { locale }, call),
      get: (id: string, call?: CallOptions) => get<User>(`/home/users/${enc(id)}`, undefined, call),
      edit: (id: string, body: EditUserBody, call?: CallOptions) =>
        send<User>('POST', `/home/users/${enc(id)}/edit`, body, call),
      /** Stores `file` (PNG, JPEG or WebP, at most 2 MB) as the user's avatar; answers with the user. */
      uploadAvatar: (id: string, file: Blob, call?: CallOptions) => {
        const form = new FormData();
        form.append('file', file);
        return send<User>('POST', `/home/users/${enc(id)}/avatar`, form, call);
      },
      editPassword: (id: string, body: EditPasswordBody, call?: CallOptions) =>
        send<unknown>('POST', `/home/users/${enc(id)}/password/edit`, body, call),
      forget: (body: ForgetBody, call?: CallOptions) =>
        send<unknown>('POST', '/home/users/password/forget', body, call),
      resetPassword: (body: ResetPasswordBody, call?: CallOptions) =>
        send<unknown>('POST', '/home/users/password/reset', body, call),
      activate: (body: TokenBody, call?: CallOptions) =>
        send<Activation>('POST', '/home/users/activate', body, call),
      resendActivation: (body: ResendActivationBody, call?: CallOptions) =>
        send<unknown>('POST', '/home/users/activation/resend', body, call),
    },
    cart: {
      get: (call?: CallOptions) => get<Cart>('/home/cart', undefined, call),
      addItem: (body: AddCartItemBody, call?: CallOptions) =>
        send<Cart>('POST', '/home/cart/items', body, call),
      updateItem: (skuId: string, body: UpdateCartItemBody, call?: CallOptions) =>
        send<Cart>('PUT', `/home/cart/items/${enc(skuId)}`, body, call),
      removeItem: (skuId: string, call?: CallOptions) =>
        send<Cart>('DELETE', `/home/cart/items/${enc(skuId)}`, undefined, call),
    },
    wishlist: {
      get: (call?: CallOptions) => get<Wishlist>('/home/wishlist', undefined, call),
      add: (goodsId: string, call?: CallOptions) =>
        send<Wishlist>('PUT', `/home/wishlist/${enc(goodsId)}`, undefined, call),
      remove: (goodsId: string, call?: CallOptions) =>
        send<Wishlist>('DELETE', `/home/wishlist/${enc(goodsId)}`, undefined, call),
      share: (call?: CallOptions) => send<WishlistShare>('POST', '/home/wishlist/share', undefined, call),
      unshare: (call?: CallOptions) => send<unknown>('DELETE', '/home/wishlist/share', undefined, call),
      shared: (token: string, call?: CallOptions) =>
        get<SharedWishlist>(`/home/wishlists/${enc(token)}`, undefined, call),
    },
    stockAlerts: {
      subscribe: (body: StockAlertBody, call?: CallOptions) =>
        send<StockAlert>('POST', '/home/stock-alerts', body, call),
      unsubscribe: (body: { token: string }, call?: CallOptions) =>
        send<unknown>('POST', '/home/stock-alerts/unsubscribe', body, call),
    },
    addresses: {
      list: (call?: CallOptions) => get<Address[]>('/home/addresses', undefined, call),
      create: (body: AddressBody, call?: CallOptions) => send<Address>('POST', '/home/addresses', body, call),
      update: (id: string, body: AddressBody, call?: CallOptions) =>
        send<Address>('PUT', `/home/addresses/${enc(id)}`, body, call),
      remove: (id: string, call?: CallOptions) =>
        send<null>('DELETE', `/home/addresses/${enc(id)}`, undefined, call),
    },
    orders: {
      /** Totals, priced lines and the shopper's coupons that fit, with the best one suggested. */
      preview: (body: OrderPreviewBody, call?: CallOptions) =>
        send<OrderPreview>('POST', '/home/orders/preview', body, call),
      /** A retry of the same checkout attempt must send the same key: it answers with the first order. */
      place: (body: PlaceOrderBody, idempotencyKey: string, call?: CallOptions) =>
        send<OrderDetail>('POST', '/home/orders', body, withKey(idempotencyKey, call)),
      list: (query?: OrdersQuery, call?: CallOptions) =>
        list<Order>('/home/orders', query as QueryParams, call),
      get: (id: string, call?: CallOptions) => get<OrderDetail>(`/home/orders/${enc(id)}`, undefined, call),
      cancel: (id: string, call?: CallOptions) =>
        send<OrderDetail>('POST', `/home/orders/${enc(id)}/cancel`, {}, call),
      confirm: (id: string, call?: CallOptions) =>
        send<OrderDetail>('POST', `/home/orders/${enc(id)}/confirm`, {}, call),
      /** Asks to return units of a shipped or completed order; answers with the new return (`new`). */
      requestReturn: (id: string, body: CreateReturnBody, call?: CallOptions) =>
        send<OrderReturn>('POST', `/home/orders/${enc(id)}/returns`, body, call),
    },
    guestOrders: {
      /** A guest's totals: the lines named, or the guest cart's selected ones; guests have no coupons. */
      preview: (body: GuestOrderPreviewBody, call?: CallOptions) =>
        send<OrderPreview>('POST', '/home/guest-orders/preview', body, call),
      /**
       * Buys without an account; the reply's `accessToken` opens the order (`X-Order-Token`). A retry of the
       * same checkout attempt must send the same key: it answers with the first order.
       */
      place: (body: PlaceGuestOrderBody, idempotencyKey: string, call?: CallOptions) =>
        send<GuestOrder>('POST', '/home/guest-orders', body, withKey(idempotencyKey, call)),
    },
    reviews: {
      /** Published reviews of a goods, with the summary, the reader's own review and whether they may write one. */
      list: (goodsId: string, query?: Partial<ReviewsQuery>, call?: CallOptions) =>
        list<Review>(`/home/goods/${enc(goodsId)}/reviews`, query as QueryParams, call) as Promise<
          Page<Review, ReviewsPageMeta>
        >,
      /** Creates the reader's review of a goods they received, or edits it; either way it awaits moderation. */
      write: (goodsId: string, body: WriteReviewInput, call?: CallOptions) =>
        send<Review>('POST', `/home/goods/${enc(goodsId)}/reviews`, body, call),
      /** Stores a photo (PNG, JPEG or WebP, at most 2 MB) re-encoded; its URL goes in the review's `photos`. */
      uploadPhoto: (file: Blob, call?: CallOptions) => {
        const form = new FormData();
        form.append('file', file);
        return send<{ url: string }>('POST', '/home/reviews/photos', form, call);
      },
    },
    charges: {
      create: (body: ChargeBody, idempotencyKey: string, call?: CallOptions) =>
        send<Charge>('POST', '/home/charges', body, withKey(idempotencyKey, call)),
      list: (query: ChargesQuery, call?: CallOptions) => get<Charge[]>('/home/charges', query, call),
    },
  };
}

export type ApiClient = ReturnType<typeof createApiClient>;
