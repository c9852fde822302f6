import type { FastifyRequest } from 'fastify';
import { AppError, Code, type MessageKey } from '@shop/contract';

interface UploadRules {
  maxBytes: number;
  /** Said when no file came (a form without the `file` part). */
  missing: MessageKey;
  /** Said when the file is past `maxBytes`. */
  tooLarge: MessageKey;
  /** Said when the request is not a multipart upload at all. */
  wrongType: () => AppError;
}

/**
 * The bytes of the one file of a multipart upload (avatars, media). A body that is not well-formed multipart (no
 * boundary, cut off, parts without a closing boundary) is the sender's fault: code 1, never a 500. The reading is
 * here once so that every upload route refuses the same way.
 */
export async function readUploadedFile(request: FastifyRequest, rules: UploadRules): Promise<Buffer> {
  if (!request.isMultipart()) throw rules.wrongType();
  const malformed = (error: unknown) => {
    const code = (error as { code?: string }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE') {
      return new AppError(Code.validation, rules.tooLarge, { file: rules.tooLarge }, 413);
    }
    // Fastify's own refusals (too many files or parts) already carry a 4xx and become code 1 in the envelope.
    if (error instanceof AppError || (error as { statusCode?: number }).statusCode) return error;
    return new AppError(Code.validation, 'validation.upload.malformed', {
      file: 'validation.upload.malformed',
    });
  };
  const file = await request
    .file({ limits: { fileSize: rules.maxBytes, files: 1, fields: 0 } })
    .catch((error: unknown) => {
      throw malformed(error);
    });
  if (!file) throw new AppError(Code.validation, rules.missing, { file: rules.missing });
  return file.toBuffer().catch((error: unknown) => {
    throw malformed(error);
  });
}
