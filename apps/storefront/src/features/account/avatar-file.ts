import type { MessageKey } from '@shop/contract';

/** What the server's avatar upload accepts (it checks again, by the file's first bytes). */
export const AVATAR_TYPES = ['image/png', 'image/jpeg', 'image/webp'] as const;
export const MAX_AVATAR_BYTES = 2 * 1024 * 1024;

/** Why a chosen file cannot be an avatar, as the server would say it; `undefined` when it can. */
export function checkAvatarFile(file: Pick<File, 'type' | 'size'>): MessageKey | undefined {
  if (!(AVATAR_TYPES as readonly string[]).includes(file.type)) return 'error.upload.type';
  return file.size > MAX_AVATAR_BYTES ? 'error.upload.tooLarge' : undefined;
}
