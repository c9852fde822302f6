import { describe, expect, it } from 'vitest';
import { MAX_AVATAR_BYTES } from '@shop/contract';
import { checkAvatarContents, checkAvatarFile, sniffAvatarType } from './avatar-file.ts';

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

const PNG_HEAD = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13];
const decodes = () => Promise.resolve({ close: () => undefined });
const fails = () => Promise.reject(new Error('not a picture'));

describe('avatar files are checked by their contents, not their names', () => {
  it('tells PNG, JPEG and WebP by their first bytes', () => {
    expect(sniffAvatarType(Uint8Array.from(PNG_HEAD))).toBe('image/png');
    expect(sniffAvatarType(Uint8Array.from([0xff, 0xd8, 0xff, 0xe0]))).toBe('image/jpeg');
    expect(sniffAvatarType(new TextEncoder().encode('RIFF\0\0\0\0WEBPVP8 '))).toBe('image/webp');
    expect(sniffAvatarType(new TextEncoder().encode('GIF89a'))).toBeUndefined();
  });

  it('refuses a text file named photo.png at once', async () => {
    const file = new File(['just some notes, not a picture'], 'photo.png', { type: 'image/png' });
    expect(await checkAvatarContents(file, decodes)).toBe('error.upload.type');
  });

  it('refuses a file with a picture header that does not decode', async () => {
    const file = new File([Uint8Array.from(PNG_HEAD)], 'broken.png', { type: 'image/png' });
    expect(await checkAvatarContents(file, fails)).toBe('error.upload.type');
  });

  it('refuses a file over 2 MB before reading it', async () => {
    const file = new File([new Uint8Array(MAX_AVATAR_BYTES + 1)], 'big.png', { type: 'image/png' });
    expect(await checkAvatarContents(file, decodes)).toBe('error.upload.tooLarge');
  });

  it('accepts a picture that decodes', async () => {
    const file = new File([Uint8Array.from(PNG_HEAD)], 'me.png', { type: 'image/png' });
    expect(await checkAvatarContents(file, decodes)).toBeUndefined();
  });
});
