import { describe, expect, it } from 'vitest';
import { imageSrcset, imageVariantId, imageVariantWidths, MEDIA_ID_PATTERN, rasterImageId } from './media.ts';

const hash = '0123456789abcdef0123456789abcdef';

describe('imageVariantWidths', () => {
  it('gives the three copy widths for an original at least as wide as the widest', () => {
    expect(imageVariantWidths(1200)).toEqual([320, 640, 1200]);
    expect(imageVariantWidths(4032)).toEqual([320, 640, 1200]);
  });

  it('never enlarges: a narrower original gets a copy of its own width in place of the wider ones', () => {
    expect(imageVariantWidths(800)).toEqual([320, 640, 800]);
    expect(imageVariantWidths(640)).toEqual([320, 640]);
    expect(imageVariantWidths(200)).toEqual([200]);
  });
});

describe('imageSrcset', () => {
  it('lists the WebP copies of a raster original with their widths', () => {
    const url = `/media/${rasterImageId({ hash, width: 1600, height: 900, extension: 'jpg' })}`;
    expect(url).toBe(`/media/${hash}-1600x900.jpg`);
    expect(imageSrcset(url)).toBe(
      `/media/${hash}-320.webp 320w, /media/${hash}-640.webp 640w, /media/${hash}-1200.webp 1200w`,
    );
  });

  it('lists only copies that exist for a small original', () => {
    expect(imageSrcset(`/media/${hash}-500x500.png`)).toBe(
      `/media/${hash}-320.webp 320w, /media/${hash}-500.webp 500w`,
    );
  });

  it('keeps whatever comes before the id, so an absolute URL gives absolute candidates', () => {
    expect(imageSrcset(`https://shop.example/media/${hash}-320x240.avif`)).toBe(
      `https://shop.example/media/${hash}-320.webp 320w`,
    );
  });

  it.each([
    ['an SVG', '/media/0123456789abcdef.svg'],
    ['an image kept without copies (avatars)', `/media/${hash}.png`],
    ['a copy itself', `/media/${hash}-640.webp`],
    ['an empty URL', ''],
    ['something else', 'https://elsewhere.example/picture.jpg'],
  ])('gives none for %s', (_what, url) => {
    expect(imageSrcset(url)).toBeUndefined();
  });
});

describe('MEDIA_ID_PATTERN', () => {
  it.each([
    '0123456789abcdef.svg',
    `${hash}.png`,
    rasterImageId({ hash, width: 4032, height: 3024, extension: 'avif' }),
    rasterImageId({ hash, width: 50_000_000, height: 1, extension: 'png' }),
    imageVariantId(hash, 1200),
  ])('accepts %s', (id) => {
    expect(id).toMatch(MEDIA_ID_PATTERN);
  });

  it.each([
    `${hash}.gif`,
    `${hash}-0.webp`,
    `${hash}-640x.jpg`,
    `../${hash}.svg`,
    `${hash}-640.webp.svg.exe`,
    'short.svg',
  ])('refuses %s', (id) => {
    expect(id).not.toMatch(MEDIA_ID_PATTERN);
  });
});
