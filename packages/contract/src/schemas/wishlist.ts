import { z } from 'zod';
import { emailField, idField } from '../validation.ts';
import { moneySchema } from './catalog.ts';

/** A goods on a wishlist, priced and stocked now (goods taken off shelf are left out until they come back). */
export const wishlistItemSchema = z.object({
  goodsId: z.string(),
  name: z.string(),
  image: z.string(),
  price: moneySchema,
  originalPrice: moneySchema.nullable(),
  currency: z.string().length(3),
  /** Units in stock across the goods' SKUs. */
  stock: z.number().int(),
  /**
   * The SKU "move to cart" adds when the goods has no choice to make (one SKU); null when the shopper must
   * choose options on the detail page.
   */
  skuId: z.string().nullable(),
  addedAt: z.string(),
});
export type WishlistItem = z.infer<typeof wishlistItemSchema>;

/** `GET /v1/home/wishlist`: the shopper's list, or the guest's (kept by the guest cookie). */
export const wishlistSchema = z.object({
  items: z.array(wishlistItemSchema),
  /** Whether a share link is live (its token is shown only once, when made). */
  shared: z.boolean(),
});
export type Wishlist = z.infer<typeof wishlistSchema>;

export const wishlistGoodsParamsSchema = z.strictObject({ goodsId: idField });

/** `POST /v1/home/wishlist/share`: a new link replaces the one before it. */
export const wishlistShareSchema = z.object({ token: z.string() });
export type WishlistShare = z.infer<typeof wishlistShareSchema>;

/** Share tokens are 43 base64url characters; anything else is simply not found. */
export const wishlistTokenParamsSchema = z.strictObject({
  token: z
    .string({ error: 'validation.invalid' })
    .regex(/^[A-Za-z0-9_-]{20,64}$/, { error: 'validation.invalid' }),
});

/** `GET /v1/home/wishlists/:token`: what anyone with the link sees, read-only and without the owner's name. */
export const sharedWishlistSchema = z.object({ items: z.array(wishlistItemSchema) });
export type SharedWishlist = z.infer<typeof sharedWishlistSchema>;

/** `POST /v1/home/stock-alerts`: signed-in shoppers may leave out the address (their account's is used). */
export const stockAlertBodySchema = z.strictObject({
  skuId: idField,
  email: emailField.optional(),
});
export type StockAlertBody = z.infer<typeof stockAlertBodySchema>;

export const stockAlertSchema = z.object({ skuId: z.string(), email: z.string() });
export type StockAlert = z.infer<typeof stockAlertSchema>;

/** `POST /v1/home/stock-alerts/unsubscribe`: the token from an alert mail's link. */
export const stockAlertUnsubscribeBodySchema = z.strictObject({
  token: z
    .string({ error: 'validation.invalid' })
    .regex(/^[A-Za-z0-9_-]{20,64}$/, { error: 'validation.invalid' }),
});
