import { crc32, deflateSync } from 'node:zlib';
import { count } from 'drizzle-orm';
import sharp, { type Sharp } from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AppError, Code, imageSrcset, MAX_IMAGE_BYTES } from '@shop/contract';
import { schema } from '@shop/db';
import { createTestApp, type TestApp } from '../../testing.ts';
import { MediaService } from './media.service.ts';

let t: TestApp;
let media: MediaService;

beforeAll(async () => {
  t = await createTestApp();
  media = new MediaService(t.database.db);
});
afterAll(() => t?.close());

/** A picture with some detail in it (a flat colour would make every copy tiny), `width` × `height` pixels. */
function picture(width: number, height: number, hue = 200): Sharp {
  const svg =
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">` +
    `<defs><linearGradient id="g" x2="1" y2="1"><stop offset="0" stop-color="hsl(${hue},70%,60%)"/>` +
    `<stop offset="1" stop-color="hsl(${hue + 60},70%,30%)"/></linearGradient></defs>` +
    `<rect width="100%" height="100%" fill="url(#g)"/>` +
    `<circle cx="${width / 3}" cy="${height / 2}" r="${Math.min(width, height) / 4}" fill="#fff" opacity=".6"/>` +
    `</svg>`;
  return sharp(Buffer.from(svg));
}

async function get(url: string) {
  return t.app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'identity' } });
}

async function mediaRows(): Promise<number> {
  const [row] = await t.database.db.select({ n: count() }).from(schema.media);
  return row?.n ?? 0;
}

/** A PNG that claims `width` × `height` pixels and holds almost none: what a decompression bomb looks like. */
function hollowPng(width: number, height: number): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([length, body, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8);
  return Buffer.concat([
    Buffer.from('89504e470d0a1a0a', 'hex'),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(Buffer.alloc(1))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

describe('storing an uploaded image', () => {
  it('keeps a JPEG without its metadata plus WebP copies 320, 640 and 1200 pixels wide, each cached for a year', async () => {
    const jpeg = await picture(1600, 1000)
      .jpeg({ quality: 90 })
      .withExif({ IFD0: { ImageDescription: 'Taken at 12 Harbour Lane' } })
      .toBuffer();
    const stored = await media.storeImage(jpeg);

    expect(stored).toMatchObject({ contentType: 'image/jpeg', width: 1600, height: 1000 });
    expect(stored.url).toMatch(/^\/media\/[0-9a-f]{32}-1600x1000\.jpg$/);
    expect(stored.variants.map((variant) => variant.width)).toEqual([320, 640, 1200]);
    // The storefront finds the same copies from the URL alone.
    expect(imageSrcset(stored.url)).toBe(
      stored.variants.map((variant) => `${variant.url} ${variant.width}w`).join(', '),
    );

    const original = await get(stored.url);
    expect(original.statusCode).toBe(200);
    expect(original.headers['content-type']).toBe('image/jpeg');
    expect(original.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const kept = await sharp(original.rawPayload).metadata();
    expect(kept).toMatchObject({ format: 'jpeg', width: 1600, height: 1000 });
    expect(kept.exif).toBeUndefined();
    expect(original.rawPayload.includes('Harbour Lane')).toBe(false);

    for (const variant of stored.variants) {
      const reply = await get(variant.url);
      expect(reply.statusCode, variant.url).toBe(200);
      expect(reply.headers['content-type']).toBe('image/webp');
      expect(reply.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(reply.headers.etag).toBeTruthy();
      const { format, width, height } = await sharp(reply.rawPayload).metadata();
      expect({ format, width, height }).toEqual({
        format: 'webp',
        width: variant.width,
        height: Math.round((variant.width * 1000) / 1600),
      });
      expect(reply.rawPayload.length).toBeLessThan(jpeg.length);
      // A browser holding the copy asks again only to be told it has not changed.
      const again = await t.app.inject({
        method: 'GET',
        url: variant.url,
        headers: { 'if-none-match': String(reply.headers.etag) },
      });
      expect(again.statusCode).toBe(304);
    }
  });

  it.each([
    ['a PNG', 'png', 'image/png', (image: Sharp) => image.png()],
    ['a WebP', 'webp', 'image/webp', (image: Sharp) => image.webp()],
    ['an AVIF', 'avif', 'image/avif', (image: Sharp) => image.avif()],
  ] as const)('takes %s and never enlarges it', async (_name, extension, contentType, encode) => {
    const bytes = await encode(picture(500, 400, 20)).toBuffer();
    const stored = await media.storeImage(bytes);
    expect(stored.url).toMatch(new RegExp(`^/media/[0-9a-f]{32}-500x400\\.${extension}$`));
    expect(stored.contentType).toBe(contentType);
    expect((await get(stored.url)).headers['content-type']).toBe(contentType);
    // A copy at 320 pixels and one at the picture's own width stand in for the wider ones.
    expect(stored.variants.map((variant) => variant.width)).toEqual([320, 500]);
    for (const variant of stored.variants) {
      const { width, format } = await sharp((await get(variant.url)).rawPayload).metadata();
      expect({ width, format }).toEqual({ width: variant.width, format: 'webp' });
    }
  });

  it('turns a photo the way its EXIF orientation says before measuring and copying it', async () => {
    const sideways = await picture(1600, 1000, 90).jpeg().withMetadata({ orientation: 6 }).toBuffer();
    const stored = await media.storeImage(sideways);
    expect(stored.url).toMatch(/-1000x1600\.jpg$/);
    expect(stored.variants.map((variant) => variant.width)).toEqual([320, 640, 1000]);
    const copy = await sharp((await get(stored.variants[1]!.url)).rawPayload).metadata();
    expect({ width: copy.width, height: copy.height }).toEqual({ width: 640, height: 1024 });
  });

  it('stores the same file once, whoever uploads it again', async () => {
    const png = await picture(700, 700, 300).png().toBuffer();
    const first = await media.storeImage(png);
    const rows = await mediaRows();
    expect(await media.storeImage(png)).toEqual(first);
    expect(await mediaRows()).toBe(rows);
  });
});

describe('refusing what is not an image to store', () => {
  const refusal = (key: string, httpStatus: number) =>
    expect.objectContaining({ code: Code.validation, message: key, fields: { file: key }, httpStatus });

  it.each([
    ['an HTML page', () => Buffer.from('<!doctype html><script>alert(1)</script>')],
    [
      'an SVG (scripts in it would run on the shop)',
      () => Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'),
    ],
    ['a GIF', () => Buffer.from('R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7', 'base64')],
    ['an empty file', () => Buffer.alloc(0)],
    [
      'a file that starts like a PNG and is not one',
      () => Buffer.concat([hollowPng(1, 1).subarray(0, 8), Buffer.alloc(64)]),
    ],
  ])('refuses %s with code 1 and stores nothing', async (_what, bytes) => {
    const before = await mediaRows();
    const error = await media.storeImage(bytes()).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(AppError);
    expect(error).toEqual(refusal('error.image.type', 415));
    expect(await mediaRows()).toBe(before);
  });

  it('refuses a JPEG whose data breaks off, though its header reads well', async () => {
    const jpeg = await picture(1200, 800).jpeg().toBuffer();
    const before = await mediaRows();
    await expect(media.storeImage(jpeg.subarray(0, jpeg.length / 2))).rejects.toEqual(
      refusal('error.image.type', 415),
    );
    expect(await mediaRows()).toBe(before);
  });

  it('refuses a file over 10 MB, and a picture over 50 megapixels before decoding it', async () => {
    const huge = Buffer.concat([Buffer.from('ffd8ff', 'hex'), Buffer.alloc(MAX_IMAGE_BYTES)]);
    await expect(media.storeImage(huge)).rejects.toEqual(refusal('error.image.tooLarge', 413));
    await expect(media.storeImage(hollowPng(10_000, 6_000))).rejects.toEqual(
      refusal('error.image.tooLarge', 413),
    );
    // Within the limits, but too tall for even its widest copy to be a WebP (16 383 pixels a side at most).
    await expect(media.storeImage(hollowPng(1_200, 20_000))).rejects.toEqual(
      refusal('error.image.tooLarge', 413),
    );
  });
});

describe('GET /media/:id', () => {
  it('answers 404 for a copy that was never made and 422 for an id of no known shape', async () => {
    expect((await get(`/media/${'0'.repeat(32)}-640.webp`)).statusCode).toBe(404);
    const malformed = await get('/media/abc-640.gif');
    expect(malformed.statusCode).toBe(422);
    expect(malformed.json().code).toBe(1);
  });

  it('sends a picture the same in every language, and never recompresses a WebP', async () => {
    const stored = await media.storeImage(await picture(700, 500, 40).jpeg().toBuffer());
    const copy = stored.url.replace(/-\d+x\d+\.jpg$/, '-640.webp');
    const ask = (language: string) =>
      t.app.inject({ url: copy, headers: { 'accept-language': language, 'accept-encoding': 'br, gzip' } });
    const [english, chinese] = [await ask('en-US'), await ask('zh-CN')];
    expect(english.statusCode).toBe(200);
    expect(english.headers['content-type']).toBe('image/webp');
    expect(english.headers['content-encoding']).toBeUndefined();
    expect(english.headers.vary).toBe('accept-encoding');
    expect(chinese.headers.etag).toBe(english.headers.etag);
    expect(chinese.rawPayload.equals(english.rawPayload)).toBe(true);
  });
});
