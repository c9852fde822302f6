import { createHash } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import { AppError, Code, MAX_AVATAR_BYTES } from '@shop/contract';
import { schema, type Db } from '@shop/db';

/** Image types recognised by their first bytes, never by the name or type the browser claims. */
const SIGNATURES: { ext: string; contentType: string; matches: (b: Buffer) => boolean }[] = [
  {
    ext: 'png',
    contentType: 'image/png',
    matches: (b) => b.subarray(0, 8).equals(Buffer.from('89504e470d0a1a0a', 'hex')),
  },
  { ext: 'jpg', contentType: 'image/jpeg', matches: (b) => b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff },
  {
    ext: 'webp',
    contentType: 'image/webp',
    matches: (b) =>
      b.subarray(0, 4).toString('latin1') === 'RIFF' && b.subarray(8, 12).toString('latin1') === 'WEBP',
  },
];

/** Stores an uploaded avatar in the media table and returns its URL. */
export class AvatarUploads {
  constructor(private readonly db: Db) {}

  async store(request: FastifyRequest): Promise<string> {
    if (!request.isMultipart()) {
      throw new AppError(Code.validation, 'error.upload.type', { file: 'error.upload.type' }, 415);
    }
    const file = await request.file({ limits: { fileSize: MAX_AVATAR_BYTES, files: 1, fields: 0 } });
    if (!file) throw new AppError(Code.validation, 'validation.required', { file: 'validation.required' });
    const bytes = await file.toBuffer().catch((error: { code?: string }) => {
      if (error.code === 'FST_REQ_FILE_TOO_LARGE') {
        throw new AppError(Code.validation, 'error.upload.tooLarge', { file: 'error.upload.tooLarge' }, 413);
      }
      throw error;
    });
    const type = SIGNATURES.find((s) => s.matches(bytes));
    if (!type) throw new AppError(Code.validation, 'error.upload.type', { file: 'error.upload.type' }, 415);
    const id = `${createHash('sha256').update(bytes).digest('hex').slice(0, 32)}.${type.ext}`;
    await this.db
      .insert(schema.media)
      .values({ id, contentType: type.contentType, bytes })
      .onConflictDoNothing();
    return `/media/${id}`;
  }
}
