import { describe, expect, it } from 'vitest';
import { MAX_AVATAR_BYTES } from '@shop/contract';
import { checkAvatarFile } from './avatar-file.ts';

describe('avatar files', () => {
  it('accepts PNG, JPEG and WebP images up to 2 MB', () => {
    for (const type of ['image/png', 'image/jpeg', 'image/webp']) {
      expect(checkAvatarFile({ type, size: MAX_AVATAR_BYTES })).toBeUndefined();
    }
  });

  it('refuses other types, whatever their size', () => {
    expect(checkAvatarFile({ type: 'image/gif', size: 10 })).toBe('error.upload.type');
    expect(checkAvatarFile({ type: 'image/svg+xml', size: 10 })).toBe('error.upload.type');
    expect(checkAvatarFile({ type: '', size: 10 })).toBe('error.upload.type');
  });

  it('refuses an image over 2 MB', () => {
    expect(checkAvatarFile({ type: 'image/png', size: MAX_AVATAR_BYTES + 1 })).toBe('error.upload.tooLarge');
  });
});
