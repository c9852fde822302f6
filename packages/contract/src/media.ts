/**
 * How the ids of stored images relate, the one place both sides learn it. The API serves every image at
 * `/media/<id>` and an id never changes meaning (it is made from a content hash), so replies are cached for a year.
 *
 * - `<hash>.<ext>`: an image kept as it is, with no copies: an SVG (a vector fits every slot) or an avatar.
 * - `<hash>-<w>x<h>.<ext>`: a raster original (JPEG, PNG, WebP or AVIF) of w × h pixels, as uploaded. Its size is
 *   in its id, so a page can tell which copies exist from the URL alone.
 * - `<hash>-<w>.webp`: the WebP copy of that original, `w` pixels wide, one for each of `imageVariantWidths(w)`.
 */

/** Widths of the WebP copies made of every raster original, for slots from a thumbnail to a wide gallery. */
export const IMAGE_VARIANT_WIDTHS = [320, 640, 1200] as const;

/** Raster types an image upload may be (checked by the file's first bytes on the server). */
export const IMAGE_UPLOAD_TYPES = ['image/jpeg', 'image/png', 'image/webp', 'image/avif'] as const;
/** Larger uploads are refused: a file over this many bytes, or a picture over this many pixels. */
export const MAX_IMAGE_BYTES = 10 * 1024 * 1024;
export const MAX_IMAGE_PIXELS = 50_000_000;

/** Every id `/media/:id` may be asked for. */
export const MEDIA_ID_PATTERN =
  /^[a-z0-9]{8,64}(?:-[1-9]\d{0,7}(?:x[1-9]\d{0,7})?)?\.(?:svg|png|jpg|webp|avif)$/;

export type RasterExtension = 'jpg' | 'png' | 'webp' | 'avif';

const RASTER_ORIGINAL = /^(.*\/)?([a-z0-9]{8,64})-([1-9]\d{0,7})x([1-9]\d{0,7})\.(?:png|jpg|webp|avif)$/;

/**
 * The widths of the copies of an original `width` pixels wide: each of `IMAGE_VARIANT_WIDTHS`, never wider than
 * the original (a narrow original gets one copy of its own width instead of enlarged ones). Narrowest first.
 */
export function imageVariantWidths(width: number): number[] {
  return [...new Set(IMAGE_VARIANT_WIDTHS.map((target) => Math.min(target, width)))];
}

/** The id of a raster original: its content hash, its size in pixels and its type. */
export function rasterImageId(original: {
  hash: string;
  width: number;
  height: number;
  extension: RasterExtension;
}): string {
  return `${original.hash}-${original.width}x${original.height}.${original.extension}`;
}

/** The id of the WebP copy `width` pixels wide of the original with this content hash. */
export function imageVariantId(hash: string, width: number): string {
  return `${hash}-${width}.webp`;
}

/**
 * The `srcset` of an image URL: its WebP copies with their widths, for an `<img>` to pick the smallest that fills
 * its slot (with `sizes` saying how wide the slot is). `undefined` for an image without copies (SVG, avatars,
 * anything not stored as a raster original), which is then shown from its `src` alone.
 */
export function imageSrcset(url: string): string | undefined {
  const match = RASTER_ORIGINAL.exec(url);
  if (!match) return undefined;
  const [, prefix = '', hash = '', width = ''] = match;
  return imageVariantWidths(Number(width))
    .map((variantWidth) => `${prefix}${imageVariantId(hash, variantWidth)} ${variantWidth}w`)
    .join(', ');
}
