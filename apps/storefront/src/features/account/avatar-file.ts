import { AVATAR_TYPES, MAX_AVATAR_BYTES, type MessageKey } from '@shop/contract';

/** Why a chosen file cannot be an avatar, as the server would say it; `undefined` when it can. */
export function checkAvatarFile(file: Pick<File, 'type' | 'size'>): MessageKey | undefined {
  if (!(AVATAR_TYPES as readonly string[]).includes(file.type)) return 'error.upload.type';
  return file.size > MAX_AVATAR_BYTES ? 'error.upload.tooLarge' : undefined;
}
