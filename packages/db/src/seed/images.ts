import { createHash } from 'node:crypto';
import sharp from 'sharp';
import { imageVariantId, imageVariantWidths, rasterImageId } from '@shop/contract';

/**
 * Generated pictures for the demo: flat illustrations drawn from a few primitives, so the shop looks furnished
 * without downloading or shipping image files. Most pictures are SVGs stored in the `media` table under a content
 * hash, which makes the same drawing land on the same URL on every install. A few are rendered to JPEG with WebP
 * copies, the way uploaded photos are stored, so the storefront's `srcset` path has demo data to show.
 */

export interface MediaFile {
  id: string;
  contentType: 'image/svg+xml' | 'image/jpeg' | 'image/webp';
  bytes: Buffer;
}

export function svgMediaFile(svg: string): MediaFile {
  const bytes = Buffer.from(svg, 'utf8');
  const id = `${createHash('sha256').update(bytes).digest('hex').slice(0, 16)}.svg`;
  return { id, contentType: 'image/svg+xml', bytes };
}

/** The path the API serves a media row from. */
export const mediaUrl = (file: { id: string }): string => `/media/${file.id}`;

/**
 * A drawing to be stored as a raster picture: a JPEG original `size` pixels square and its WebP copies, named as
 * the API names an upload's (the contract's `rasterImageId` and `imageVariantId`). Its id is known before it is
 * rendered, so the catalog is planned without rendering anything: the hash is of the drawing and the way it is
 * rendered rather than of the JPEG bytes, which are the same for the same drawing and the same pinned sharp.
 */
export interface RasterPicture {
  id: string;
  hash: string;
  size: number;
  svg: Buffer;
}

/** The SVGs are drawn 800 pixels square: rendered at that size they are as sharp as they get. */
const RASTER_SIZE = 800;
const JPEG_QUALITY = 82;
/** Uploads' copies use sharp's default effort (4); a lower one halves the seed's encoding time for a few % size. */
const WEBP = { quality: 80, effort: 2 } as const;
const RENDERING = `jpeg q${JPEG_QUALITY}, webp q${WEBP.quality} e${WEBP.effort}, ${RASTER_SIZE}px`;

export function rasterPicture(svg: string): RasterPicture {
  const hash = createHash('sha256').update(`${RENDERING}\n${svg}`).digest('hex').slice(0, 32);
  const size = RASTER_SIZE;
  const id = rasterImageId({ hash, width: size, height: size, extension: 'jpg' });
  return { id, hash, size, svg: Buffer.from(svg, 'utf8') };
}

const rendered = new Map<string, Promise<MediaFile[]>>();

async function render(picture: RasterPicture): Promise<MediaFile[]> {
  const pixels = await sharp(picture.svg)
    .resize(picture.size, picture.size)
    .flatten({ background: '#ffffff' })
    .raw()
    .toBuffer({ resolveWithObject: true });
  const image = () => sharp(pixels.data, { raw: pixels.info });
  return Promise.all([
    image()
      .jpeg({ quality: JPEG_QUALITY })
      .toBuffer()
      .then((bytes): MediaFile => ({ id: picture.id, contentType: 'image/jpeg', bytes })),
    ...imageVariantWidths(picture.size).map(async (width): Promise<MediaFile> => ({
      id: imageVariantId(picture.hash, width),
      contentType: 'image/webp',
      bytes: await image().resize({ width }).webp(WEBP).toBuffer(),
    })),
  ]);
}

/**
 * The media rows of raster pictures: each JPEG original (its transparent corners white, as a JPEG has none) and
 * its WebP copies. Rendered once per process: seeding another database reuses the bytes.
 */
export async function renderRasterPictures(pictures: readonly RasterPicture[]): Promise<MediaFile[]> {
  const files = await Promise.all(
    pictures.map((picture) => {
      const pending = rendered.get(picture.id) ?? render(picture);
      rendered.set(picture.id, pending);
      return pending;
    }),
  );
  return files.flat();
}

interface Palette {
  body: string;
  shade: string;
  light: string;
  ink: string;
}

/** Each drawing fills a 100 × 100 box centred on (50, 50). */
const SHAPES = {
  headphones: (p: Palette) =>
    `<path d="M20 62V50a30 30 0 0 1 60 0v12" fill="none" stroke="${p.shade}" stroke-width="7" stroke-linecap="round"/>` +
    `<rect x="11" y="52" width="21" height="34" rx="10" fill="${p.body}"/>` +
    `<rect x="68" y="52" width="21" height="34" rx="10" fill="${p.body}"/>` +
    `<rect x="27" y="58" width="7" height="22" rx="3.5" fill="${p.ink}"/>` +
    `<rect x="66" y="58" width="7" height="22" rx="3.5" fill="${p.ink}"/>`,
  phone: (p: Palette) =>
    `<rect x="28" y="6" width="44" height="88" rx="9" fill="${p.body}"/>` +
    `<rect x="32" y="14" width="36" height="70" rx="4" fill="${p.ink}"/>` +
    `<path d="M35 78l11-16 8 10 6-7 6 13z" fill="${p.light}" opacity=".8"/>` +
    `<circle cx="58" cy="30" r="6" fill="${p.light}" opacity=".8"/>` +
    `<rect x="44" y="88" width="12" height="2.5" rx="1.2" fill="${p.shade}"/>`,
  bulb: (p: Palette) =>
    `<circle cx="50" cy="38" r="28" fill="${p.body}"/>` +
    `<path d="M37 56h26l-3 14H40z" fill="${p.body}"/>` +
    `<rect x="39" y="70" width="22" height="6" rx="2" fill="${p.shade}"/>` +
    `<rect x="40" y="78" width="20" height="6" rx="2" fill="${p.shade}"/>` +
    `<rect x="44" y="86" width="12" height="6" rx="3" fill="${p.ink}"/>` +
    `<path d="M40 44q5-9 10 0t10 0" fill="none" stroke="${p.light}" stroke-width="3" stroke-linecap="round"/>` +
    `<path d="M34 28a18 18 0 0 1 12-10" fill="none" stroke="${p.light}" stroke-width="4" stroke-linecap="round" opacity=".7"/>`,
  keyboard: (p: Palette) => {
    const keys: string[] = [];
    for (const [row, y] of [34, 44, 54].entries()) {
      for (let column = 0; column < 8 - row; column++) {
        keys.push(`<rect x="${12 + row * 4 + column * 9.5}" y="${y}" width="7" height="7" rx="1.5"/>`);
      }
    }
    return (
      `<rect x="5" y="27" width="90" height="46" rx="7" fill="${p.body}"/>` +
      `<g fill="${p.light}">${keys.join('')}</g>` +
      `<rect x="30" y="64" width="40" height="5" rx="2" fill="${p.shade}"/>`
    );
  },
  lamp: (p: Palette) =>
    `<path d="M72 40L94 86H50z" fill="${p.light}" opacity=".35"/>` +
    `<ellipse cx="32" cy="88" rx="22" ry="6" fill="${p.shade}"/>` +
    `<path d="M32 86L26 50L58 24" fill="none" stroke="${p.body}" stroke-width="6" stroke-linecap="round" stroke-linejoin="round"/>` +
    `<circle cx="26" cy="50" r="5" fill="${p.ink}"/>` +
    `<path d="M50 16a20 20 0 0 1 30 26z" fill="${p.body}"/>` +
    `<circle cx="70" cy="38" r="4" fill="#fff7c2"/>`,
  pan: (p: Palette) =>
    `<circle cx="40" cy="52" r="32" fill="${p.shade}"/>` +
    `<circle cx="40" cy="52" r="26" fill="${p.body}"/>` +
    `<path d="M26 40a18 18 0 0 1 12-6" fill="none" stroke="${p.light}" stroke-width="4" stroke-linecap="round"/>` +
    `<rect x="68" y="47" width="30" height="10" rx="5" fill="${p.ink}"/>`,
  mug: (p: Palette) =>
    `<path d="M40 20q-4-6 0-12M52 20q-4-6 0-12" fill="none" stroke="${p.light}" stroke-width="3" stroke-linecap="round"/>` +
    `<path d="M70 40h6a12 12 0 0 1 0 24h-6" fill="none" stroke="${p.shade}" stroke-width="7"/>` +
    `<rect x="20" y="28" width="52" height="60" rx="9" fill="${p.body}"/>` +
    `<rect x="20" y="28" width="52" height="10" rx="5" fill="${p.shade}"/>` +
    `<rect x="28" y="46" width="6" height="30" rx="3" fill="${p.light}" opacity=".6"/>`,
  vase: (p: Palette) =>
    `<path d="M50 40C44 26 36 18 24 14c6 10 12 18 26 26z" fill="#5f9e6e"/>` +
    `<path d="M50 40c4-16 12-26 26-30-4 12-12 22-26 30z" fill="#4f8a5f"/>` +
    `<path d="M50 44V24" stroke="#4f8a5f" stroke-width="3"/>` +
    `<path d="M38 40h24c0 10 12 16 12 32a24 24 0 0 1-48 0c0-16 12-22 12-32z" fill="${p.body}"/>` +
    `<path d="M34 70h32" stroke="${p.shade}" stroke-width="4" stroke-linecap="round"/>` +
    `<rect x="36" y="38" width="28" height="6" rx="3" fill="${p.shade}"/>`,
  shirt: (p: Palette) =>
    `<path d="M36 12l-26 14 10 20 10-5v47h40V41l10 5 10-20-26-14c-2 8-8 12-14 12s-12-4-14-12z" fill="${p.body}"/>` +
    `<path d="M36 12c2 8 8 12 14 12s12-4 14-12" fill="none" stroke="${p.shade}" stroke-width="4"/>` +
    `<path d="M30 41v-8M70 41v-8" stroke="${p.shade}" stroke-width="2"/>`,
  shoe: (p: Palette) =>
    `<path d="M8 70V44c0-6 6-8 10-6 10 6 22 6 28-6 4-2 8-2 10 2 8 16 26 20 36 26 4 4 4 10 0 10z" fill="${p.body}"/>` +
    `<path d="M8 70h88v8a4 4 0 0 1-4 4H12a4 4 0 0 1-4-4z" fill="${p.ink}"/>` +
    `<path d="M40 44l6 6M46 40l6 6M52 36l6 6" stroke="${p.light}" stroke-width="3" stroke-linecap="round"/>` +
    `<path d="M14 50c6 2 12 2 16 0" fill="none" stroke="${p.shade}" stroke-width="3" stroke-linecap="round"/>`,
  backpack: (p: Palette) =>
    `<path d="M38 20v-6a12 12 0 0 1 24 0v6" fill="none" stroke="${p.shade}" stroke-width="5"/>` +
    `<rect x="22" y="18" width="56" height="76" rx="16" fill="${p.body}"/>` +
    `<rect x="30" y="54" width="40" height="28" rx="6" fill="${p.shade}"/>` +
    `<rect x="30" y="54" width="40" height="6" rx="3" fill="${p.ink}" opacity=".5"/>` +
    `<rect x="46" y="62" width="8" height="4" rx="2" fill="${p.light}"/>`,
  dropper: (p: Palette) =>
    `<rect x="42" y="6" width="16" height="18" rx="8" fill="${p.ink}"/>` +
    `<rect x="38" y="22" width="24" height="12" rx="3" fill="${p.shade}"/>` +
    `<rect x="26" y="34" width="48" height="58" rx="12" fill="${p.body}"/>` +
    `<rect x="34" y="50" width="32" height="26" rx="4" fill="${p.light}" opacity=".85"/>` +
    `<path d="M50 56c-5 7-5 12 0 12s5-5 0-12z" fill="${p.shade}"/>`,
  pump: (p: Palette) =>
    `<path d="M50 20V8h20" fill="none" stroke="${p.ink}" stroke-width="5" stroke-linecap="round"/>` +
    `<rect x="40" y="18" width="20" height="10" rx="3" fill="${p.ink}"/>` +
    `<rect x="28" y="28" width="44" height="66" rx="14" fill="${p.body}"/>` +
    `<rect x="36" y="46" width="28" height="32" rx="4" fill="${p.light}" opacity=".85"/>` +
    `<path d="M42 56h16M42 64h12" stroke="${p.shade}" stroke-width="3" stroke-linecap="round"/>`,
  dumbbell: (p: Palette) =>
    `<rect x="24" y="46" width="52" height="8" rx="4" fill="${p.ink}"/>` +
    `<rect x="10" y="30" width="14" height="40" rx="5" fill="${p.body}"/>` +
    `<rect x="76" y="30" width="14" height="40" rx="5" fill="${p.body}"/>` +
    `<rect x="2" y="38" width="10" height="24" rx="4" fill="${p.shade}"/>` +
    `<rect x="88" y="38" width="10" height="24" rx="4" fill="${p.shade}"/>`,
  tent: (p: Palette) =>
    `<path d="M50 12L6 86h88z" fill="${p.body}"/>` +
    `<path d="M50 12L72 86h22z" fill="${p.shade}"/>` +
    `<path d="M50 40L36 86h28z" fill="${p.ink}"/>` +
    `<path d="M50 12V4M4 88h92" stroke="${p.ink}" stroke-width="3" stroke-linecap="round"/>`,
  notebook: (p: Palette) =>
    `<rect x="22" y="8" width="60" height="84" rx="6" fill="${p.body}"/>` +
    `<rect x="22" y="8" width="12" height="84" rx="4" fill="${p.shade}"/>` +
    `<rect x="70" y="8" width="5" height="84" fill="${p.ink}" opacity=".6"/>` +
    `<rect x="42" y="26" width="22" height="14" rx="2" fill="${p.light}" opacity=".85"/>`,
  pen: (p: Palette) =>
    `<g transform="rotate(-45 50 50)">` +
    `<rect x="42" y="4" width="16" height="66" rx="6" fill="${p.body}"/>` +
    `<rect x="42" y="14" width="16" height="8" fill="${p.shade}"/>` +
    `<rect x="56" y="8" width="4" height="34" rx="2" fill="${p.ink}"/>` +
    `<path d="M42 70h16l-8 22z" fill="${p.light}"/>` +
    `<path d="M47 84h6l-3 8z" fill="${p.ink}"/></g>`,
  blocks: (p: Palette) =>
    `<rect x="14" y="56" width="72" height="30" rx="4" fill="${p.body}"/>` +
    `<rect x="30" y="30" width="40" height="26" rx="4" fill="${p.shade}"/>` +
    `<g fill="${p.light}"><rect x="20" y="50" width="10" height="6" rx="2"/><rect x="70" y="50" width="10" height="6" rx="2"/>` +
    `<rect x="36" y="24" width="10" height="6" rx="2"/><rect x="54" y="24" width="10" height="6" rx="2"/></g>`,
  dice: (p: Palette) =>
    `<rect x="16" y="16" width="68" height="68" rx="14" fill="${p.body}"/>` +
    `<g fill="${p.ink}"><circle cx="34" cy="34" r="6"/><circle cx="50" cy="50" r="6"/><circle cx="66" cy="66" r="6"/>` +
    `<circle cx="66" cy="34" r="6"/><circle cx="34" cy="66" r="6"/></g>`,
  coffee: (p: Palette) =>
    `<path d="M26 14h48l6 78H20z" fill="${p.body}"/>` +
    `<path d="M26 14h48l2 12H24z" fill="${p.shade}"/>` +
    `<ellipse cx="50" cy="58" rx="12" ry="16" fill="${p.ink}" transform="rotate(20 50 58)"/>` +
    `<path d="M46 44c6 8 2 20 8 28" fill="none" stroke="${p.light}" stroke-width="3" stroke-linecap="round"/>`,
  cookie: (p: Palette) =>
    `<circle cx="50" cy="50" r="38" fill="${p.body}"/>` +
    `<circle cx="50" cy="50" r="38" fill="none" stroke="${p.shade}" stroke-width="5"/>` +
    `<g fill="${p.ink}"><circle cx="36" cy="36" r="5"/><circle cx="60" cy="32" r="4"/><circle cx="64" cy="58" r="6"/>` +
    `<circle cx="40" cy="62" r="4"/><circle cx="52" cy="48" r="3"/></g>`,
  bag: (p: Palette) =>
    `<path d="M36 34V26a14 14 0 0 1 28 0v8" fill="none" stroke="${p.ink}" stroke-width="5" stroke-linecap="round"/>` +
    `<path d="M20 32h60l-4 60H24z" fill="${p.body}"/>` +
    `<path d="M20 32h60l-1 10H21z" fill="${p.shade}"/>` +
    `<circle cx="38" cy="50" r="3" fill="${p.ink}"/><circle cx="62" cy="50" r="3" fill="${p.ink}"/>`,
  gift: (p: Palette) =>
    `<rect x="16" y="40" width="68" height="52" rx="4" fill="${p.body}"/>` +
    `<rect x="12" y="28" width="76" height="16" rx="4" fill="${p.shade}"/>` +
    `<rect x="44" y="28" width="12" height="64" fill="${p.light}"/>` +
    `<path d="M50 28c-8-16-26-16-22-4 2 4 12 4 22 4zM50 28c8-16 26-16 22-4-2 4-12 4-22 4z" fill="none" stroke="${p.light}" stroke-width="5"/>`,
  truck: (p: Palette) =>
    `<rect x="4" y="26" width="58" height="44" rx="4" fill="${p.body}"/>` +
    `<path d="M62 40h18l14 16v14H62z" fill="${p.shade}"/>` +
    `<path d="M68 46h10l8 10H68z" fill="${p.light}"/>` +
    `<g fill="${p.ink}"><circle cx="24" cy="74" r="9"/><circle cx="76" cy="74" r="9"/></g>` +
    `<g fill="${p.light}"><circle cx="24" cy="74" r="3"/><circle cx="76" cy="74" r="3"/></g>`,
} satisfies Record<string, (palette: Palette) => string>;

export type ShapeName = keyof typeof SHAPES;

/** Hue in degrees, saturation and lightness in percent. */
interface Hsl {
  h: number;
  s: number;
  l: number;
}

const clamp = (value: number, min: number, max: number) => Math.min(max, Math.max(min, value));

function hslToHex({ h, s, l }: Hsl): string {
  const saturation = clamp(s, 0, 100) / 100;
  const lightness = clamp(l, 0, 100) / 100;
  const chroma = saturation * Math.min(lightness, 1 - lightness);
  const channel = (n: number) => {
    const k = (n + h / 30) % 12;
    const value = lightness - chroma * Math.max(-1, Math.min(k - 3, 9 - k, 1));
    return Math.round(value * 255)
      .toString(16)
      .padStart(2, '0');
  };
  return `#${channel(0)}${channel(8)}${channel(4)}`;
}

function hexToHsl(hex: string): Hsl {
  const [r, g, b] = [1, 3, 5].map((start) => parseInt(hex.slice(start, start + 2), 16) / 255) as [
    number,
    number,
    number,
  ];
  const max = Math.max(r, g, b);
  const min = Math.min(r, g, b);
  const l = (max + min) / 2;
  const delta = max - min;
  if (delta === 0) return { h: 0, s: 0, l: l * 100 };
  const s = delta / (1 - Math.abs(2 * l - 1));
  const h = max === r ? ((g - b) / delta) % 6 : max === g ? (b - r) / delta + 2 : (r - g) / delta + 4;
  return { h: (h * 60 + 360) % 360, s: s * 100, l: l * 100 };
}

/** A colour in the goods' own family, from its name: goods without a colour option still differ from each other. */
export function hueOf(key: string): number {
  return createHash('sha256').update(key).digest().readUInt16LE(0) % 360;
}

export const hueColor = (hue: number): string => hslToHex({ h: hue, s: 62, l: 52 });

function paletteFor(bodyHex: string): Palette {
  const body = hexToHsl(bodyHex);
  // Very dark and very light bodies need their details pushed the other way to stay visible.
  const shadeStep = body.l < 25 ? 14 : -16;
  return {
    body: bodyHex,
    shade: hslToHex({ ...body, l: body.l + shadeStep }),
    light: hslToHex({ ...body, s: Math.min(body.s, 40), l: body.l > 80 ? 70 : 92 }),
    ink: hslToHex({ h: body.h, s: Math.min(body.s, 25), l: body.l < 25 ? 45 : 18 }),
  };
}

/** The pale backdrop tone that sets off a body colour. */
function backdrop(hue: number): [string, string] {
  return [hslToHex({ h: hue, s: 70, l: 94 }), hslToHex({ h: (hue + 35) % 360, s: 60, l: 82 })];
}

/** Poses for the successive pictures of one goods, as if photographed from another side. */
const POSES = [
  {
    angle: 0,
    scale: 2.5,
    dx: 0,
    gradient: 'x1="0" y1="0" x2="1" y2="1"',
    spots: [
      [320, 80, 60],
      [70, 330, 40],
    ],
  },
  {
    angle: -14,
    scale: 2.2,
    dx: -14,
    gradient: 'x1="0" y1="0" x2="0" y2="1"',
    spots: [
      [80, 90, 50],
      [330, 300, 70],
    ],
  },
  {
    angle: 12,
    scale: 2.3,
    dx: 12,
    gradient: 'x1="1" y1="0" x2="0" y2="1"',
    spots: [[300, 320, 55]],
  },
  {
    angle: -6,
    scale: 1.9,
    dx: 0,
    gradient: 'x1="0" y1="1" x2="1" y2="0"',
    spots: [
      [90, 80, 70],
      [320, 110, 30],
    ],
  },
] as const;

export const POSE_COUNT = POSES.length;

/** A square product picture: the category's shape in the goods' colour on a tinted card, in one of four poses. */
export function productSvg(shape: ShapeName, bodyHex: string, backdropHue: number, pose: number): string {
  const { angle, scale, dx, gradient, spots } = POSES[pose % POSES.length] ?? POSES[0];
  const [from, to] = backdrop(backdropHue);
  const circles = spots.map(
    ([cx, cy, r]) => `<circle cx="${cx}" cy="${cy}" r="${r}" fill="#fff" opacity=".35"/>`,
  );
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="800" height="800" viewBox="0 0 400 400">` +
    `<defs><linearGradient id="g" ${gradient}><stop offset="0" stop-color="${from}"/>` +
    `<stop offset="1" stop-color="${to}"/></linearGradient></defs>` +
    `<rect width="400" height="400" rx="36" fill="url(#g)"/>${circles.join('')}` +
    `<ellipse cx="${200 + dx}" cy="322" rx="${40 * scale}" ry="14" fill="#000" opacity=".09"/>` +
    `<g transform="translate(${200 + dx} 192) rotate(${angle}) scale(${scale}) translate(-50 -50)">` +
    `${SHAPES[shape](paletteFor(bodyHex))}</g></svg>`
  );
}

/** A small square icon for a category. */
export function iconSvg(shape: ShapeName, hue: number): string {
  const [from, to] = backdrop(hue);
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="96" height="96" viewBox="0 0 120 120">` +
    `<defs><linearGradient id="g" x2="1" y2="1"><stop offset="0" stop-color="${from}"/>` +
    `<stop offset="1" stop-color="${to}"/></linearGradient></defs>` +
    `<rect width="120" height="120" rx="28" fill="url(#g)"/>` +
    `<g transform="translate(18 18) scale(.84)">${SHAPES[shape](paletteFor(hueColor(hue)))}</g></svg>`
  );
}

/** A wide banner (3 : 1) with room on the left for the title the storefront lays over it. */
export function bannerSvg(shape: ShapeName, hue: number): string {
  const deep = hslToHex({ h: hue, s: 70, l: 45 });
  const bright = hslToHex({ h: (hue + 40) % 360, s: 75, l: 62 });
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="1200" height="400" viewBox="0 0 1200 400">` +
    `<defs><linearGradient id="g" x2="1" y2=".4"><stop offset="0" stop-color="${deep}"/>` +
    `<stop offset="1" stop-color="${bright}"/></linearGradient></defs>` +
    `<rect width="1200" height="400" fill="url(#g)"/>` +
    `<circle cx="930" cy="200" r="170" fill="#fff" opacity=".18"/>` +
    `<circle cx="1130" cy="40" r="90" fill="#fff" opacity=".12"/>` +
    `<circle cx="690" cy="360" r="60" fill="#fff" opacity=".1"/>` +
    `<g transform="translate(930 200) rotate(-8) scale(2.6) translate(-50 -50)">` +
    `${SHAPES[shape](paletteFor(hslToHex({ h: (hue + 180) % 360, s: 70, l: 60 })))}</g></svg>`
  );
}

/** The shop's logo: a shopping bag on a rounded square. */
export function logoSvg(hue: number): string {
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="128" height="128" viewBox="0 0 120 120">` +
    `<defs><linearGradient id="g" x2="1" y2="1"><stop offset="0" stop-color="${hslToHex({ h: hue, s: 75, l: 55 })}"/>` +
    `<stop offset="1" stop-color="${hslToHex({ h: (hue + 40) % 360, s: 75, l: 45 })}"/></linearGradient></defs>` +
    `<rect width="120" height="120" rx="30" fill="url(#g)"/>` +
    `<g transform="translate(14 10) scale(.92)">${SHAPES.bag(paletteFor('#fdfcf8'))}</g></svg>`
  );
}
