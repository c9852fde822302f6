import { z } from 'zod';
import { envelopeSchema } from '../envelope.ts';
import { RECENTLY_VIEWED_LIMIT } from '../browsing-values.ts';
import type { MessageKey } from '../messages.ts';
import { idField } from '../validation.ts';
import { listedGoodsSchema } from './catalog.ts';

const msg = (key: MessageKey) => ({ error: key });

const goodsIdsField = z
  .array(idField, msg('validation.invalid'))
  .max(RECENTLY_VIEWED_LIMIT, msg('validation.outOfRange'));

/**
 * `GET /v1/home/recently-viewed`: a signed-in shopper's list comes from the server; a guest's from the browser,
 * which sends its ids (comma-separated, newest first) to have them described.
 */
export const recentlyViewedQuerySchema = z.strictObject({
  ids: z
    .string(msg('validation.invalid'))
    .max(RECENTLY_VIEWED_LIMIT * 37, msg('validation.tooLong'))
    .transform((value) => value.split(',').filter(Boolean))
    .pipe(goodsIdsField)
    .optional(),
});

/**
 * `PUT /v1/home/recently-viewed` (signed-in shoppers): goods just viewed, newest first, put in front of the saved
 * list: one id when a detail page opens, the browser's whole list at login. Unknown or off-shelf goods are skipped.
 */
export const recentlyViewedBodySchema = z.strictObject({ goodsIds: goodsIdsField });
export type RecentlyViewedBody = z.infer<typeof recentlyViewedBodySchema>;

/** Recently viewed and related goods: listing summaries, newest view or best match first. */
export const browsedGoodsEnvelopeSchema = /* @__PURE__ */ envelopeSchema(z.array(listedGoodsSchema));
