import { AVATAR_TYPES, MAX_AVATAR_BYTES, type ShopperMessageKey } from '@shop/contract';

type AvatarType = (typeof AVATAR_TYPES)[number];

/** Why a chosen file cannot be an avatar, as the server would say it; `undefined` when it can. */
export function checkAvatarFile(file: Pick<File, 'type' | 'size'>): ShopperMessageKey | undefined {
  if (!(AVATAR_TYPES as readonly string[]).includes(file.type)) return 'error.upload.type';
  return file.size > MAX_AVATAR_BYTES ? 'error.upload.tooLarge' : undefined;
}

/**
 * The image type a file's first bytes say it is (PNG, JPEG or WebP), whatever its name or the type the browser
 * guessed from that name; `undefined` for anything else.
 */
export function sniffAvatarType(head: Uint8Array): AvatarType | undefined {
  const starts = (bytes: number[], at = 0) => bytes.every((byte, i) => head[at + i] === byte);
  if (starts([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'image/png';
  if (starts([0xff, 0xd8, 0xff])) return 'image/jpeg';
  // "RIFF", four bytes of length, "WEBP".
  if (starts([0x52, 0x49, 0x46, 0x46]) && starts([0x57, 0x45, 0x42, 0x50], 8)) return 'image/webp';
  return undefined;
}

/**
 * The whole check of a chosen file, before any preview or upload: its size, its first bytes, and whether the
 * browser can decode it as a picture (a PNG header on a damaged file is refused too). Reads the file locally.
 */
export async function checkAvatarContents(
  file: Blob,
  decode: (file: Blob) => Promise<{ close(): void }> = (blob) => createImageBitmap(blob),
): Promise<ShopperMessageKey | undefined> {
  if (file.size > MAX_AVATAR_BYTES) return 'error.upload.tooLarge';
  const head = new Uint8Array(await file.slice(0, 16).arrayBuffer());
  if (!sniffAvatarType(head)) return 'error.upload.type';
  try {
    (await decode(file)).close();
  } catch {
    return 'error.upload.type';
  }
  return undefined;
}
