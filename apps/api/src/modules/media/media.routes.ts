import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError, Code } from '@shop/contract';
import { prepareReply, sendPrepared, type PreparedReplyCache } from '../../plugins/prepared-replies.ts';
import type { MediaService } from './media.service.ts';

/** Media ids are content hashes, so a URL's bytes never change and may be cached for a year. */
const IMMUTABLE = 'public, max-age=31536000, immutable';

export function mediaRoutes(app: FastifyInstance, media: MediaService, cache: PreparedReplyCache) {
  app.withTypeProvider<ZodTypeProvider>().get(
    '/media/:id',
    {
      onRequest: cache.serveCached,
      schema: {
        hide: true,
        params: z.strictObject({ id: z.string().regex(/^[a-z0-9]{8,64}\.(svg|png|jpg|webp|avif)$/) }),
      },
    },
    async (request, reply) => {
      const found = await media.findMedia(request.params.id);
      if (!found) throw new AppError(Code.notFound, 'error.notFound');
      const prepared = prepareReply(found.bytes, IMMUTABLE, found.contentType);
      return sendPrepared(request, reply, cache.set(cache.keyOf(request), prepared));
    },
  );
}
