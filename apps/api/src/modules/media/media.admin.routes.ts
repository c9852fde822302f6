import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { AppError, Code, envelopeSchema, MAX_IMAGE_BYTES, storedImageSchema } from '@shop/contract';
import { ok } from '../../plugins/envelope.ts';
import type { StaffAccessControl } from '../staff/staff-access.ts';
import type { MediaService } from './media.service.ts';
import { readUploadedFile } from './uploaded-file.ts';

const refuseType = () => new AppError(Code.validation, 'error.image.type', { file: 'error.image.type' }, 415);

/**
 * `POST /v1/admin/media`: staff upload a picture (goods images, category icons, logo, banners). The bytes go through
 * `MediaService.storeImage`, which checks them and keeps WebP copies; the reply's `url` is what goods and settings
 * store.
 */
export function mediaAdminRoutes(app: FastifyInstance, media: MediaService, access: StaffAccessControl) {
  app.withTypeProvider<ZodTypeProvider>().post(
    '/v1/admin/media',
    {
      config: { access: 'staff' },
      schema: {
        tags: ['admin: catalog'],
        summary: 'Upload an image (multipart field "file": JPEG, PNG, WebP or AVIF, at most 10 MB)',
        consumes: ['multipart/form-data'],
        response: { 201: envelopeSchema(storedImageSchema) },
      },
    },
    async (request, reply) => {
      access.memberOf(request);
      const bytes = await readUploadedFile(request, {
        maxBytes: MAX_IMAGE_BYTES,
        missing: 'validation.media',
        tooLarge: 'error.image.tooLarge',
        wrongType: refuseType,
      });
      const stored = await media.storeImage(bytes);
      return reply.code(201).send(ok(stored));
    },
  );
}
