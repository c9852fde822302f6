import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError, Code, MEDIA_ID_PATTERN } from '@shop/contract';
import { sendPrepared, type PreparedReplyCache } from '../../plugins/prepared-replies.ts';
import type { MediaService } from './media.service.ts';

/**
 * Media ids are made from content hashes (an original, or one of its WebP copies: see the contract's media.ts), so
 * a URL's bytes never change and may be cached for a year.
 */
const IMMUTABLE = 'public, max-age=31536000, immutable';

/** `cache` holds images by URL alone (their bytes never depend on the language) and is never cleared. */
export function mediaRoutes(app: FastifyInstance, media: MediaService, cache: PreparedReplyCache) {
  app.withTypeProvider<ZodTypeProvider>().get(
    '/media/:id',
    {
      onRequest: cache.serveCached,
      schema: {
        hide: true,
        params: z.strictObject({ id: z.string().regex(MEDIA_ID_PATTERN) }),
      },
    },
    async (request, reply) => {
      const found = await media.findMedia(request.params.id);
      if (!found) throw new AppError(Code.notFound, 'error.notFound');
      const prepared = cache.prepare(found.bytes, IMMUTABLE, found.contentType);
      return sendPrepared(request, reply, cache.set(cache.keyOf(request), prepared));
    },
  );
}
