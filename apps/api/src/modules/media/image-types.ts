import type { RasterExtension } from '@shop/contract';

export interface RasterType {
  extension: RasterExtension;
  contentType: (typeof RASTER_TYPES)[number]['contentType'];
  /** What sharp calls the format when it reads such a file. */
  decoder: 'jpeg' | 'png' | 'webp' | 'heif';
}

const ascii = (bytes: Buffer, start: number, end: number) => bytes.subarray(start, end).toString('latin1');

/**
 * AVIF is an ISO media file: a `ftyp` box first, naming `avif` (a still picture) or `avis` (a sequence) as its
 * major or one of its compatible brands. HEIC shares the box but not the brands.
 */
function isAvif(bytes: Buffer): boolean {
  if (bytes.length < 16 || ascii(bytes, 4, 8) !== 'ftyp') return false;
  const boxEnd = Math.min(bytes.readUInt32BE(0), bytes.length);
  const brands = [ascii(bytes, 8, 12)];
  for (let offset = 16; offset + 4 <= boxEnd; offset += 4) brands.push(ascii(bytes, offset, offset + 4));
  return brands.includes('avif') || brands.includes('avis');
}

const RASTER_TYPES = [
  {
    extension: 'jpg',
    contentType: 'image/jpeg',
    decoder: 'jpeg',
    matches: (b: Buffer) => b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff,
  },
  {
    extension: 'png',
    contentType: 'image/png',
    decoder: 'png',
    matches: (b: Buffer) => b.subarray(0, 8).equals(Buffer.from('89504e470d0a1a0a', 'hex')),
  },
  {
    extension: 'webp',
    contentType: 'image/webp',
    decoder: 'webp',
    matches: (b: Buffer) => ascii(b, 0, 4) === 'RIFF' && ascii(b, 8, 12) === 'WEBP',
  },
  { extension: 'avif', contentType: 'image/avif', decoder: 'heif', matches: isAvif },
] as const;

/** The raster type of a file by its first bytes, never by the name or type the browser claims; null if none. */
export function sniffRasterType(bytes: Buffer): RasterType | null {
  const found = RASTER_TYPES.find((type) => type.matches(bytes));
  return found
    ? { extension: found.extension, contentType: found.contentType, decoder: found.decoder }
    : null;
}
