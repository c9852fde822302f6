import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { GOODS_IMAGE_SIZES, GoodsImage } from './goods-image.tsx';

const hash = '0123456789abcdef0123456789abcdef';

function rendered(src: string): HTMLImageElement {
  const holder = document.createElement('div');
  holder.innerHTML = renderToStaticMarkup(
    <GoodsImage src={src} sizes={GOODS_IMAGE_SIZES.card} width={400} height={400} loading="lazy" />,
  );
  const image = holder.querySelector('img');
  if (!image) throw new Error('no <img> rendered');
  return image;
}

describe('GoodsImage', () => {
  it('offers the WebP copies of a raster picture, with the slot width and its size against layout shift', () => {
    const image = rendered(`/media/${hash}-1600x1200.jpg`);
    expect(image.getAttribute('src')).toBe(`/media/${hash}-1600x1200.jpg`);
    expect(image.getAttribute('srcset')).toBe(
      `/media/${hash}-320.webp 320w, /media/${hash}-640.webp 640w, /media/${hash}-1200.webp 1200w`,
    );
    expect(image.getAttribute('sizes')).toBe(GOODS_IMAGE_SIZES.card);
    expect(image.getAttribute('width')).toBe('400');
    expect(image.getAttribute('height')).toBe('400');
    expect(image.getAttribute('alt')).toBe('');
    expect(image.getAttribute('loading')).toBe('lazy');
  });

  it('shows an SVG from its src alone', () => {
    const image = rendered('/media/0123456789abcdef.svg');
    expect(image.getAttribute('src')).toBe('/media/0123456789abcdef.svg');
    expect(image.hasAttribute('srcset')).toBe(false);
    expect(image.hasAttribute('sizes')).toBe(false);
    expect(image.getAttribute('width')).toBe('400');
  });
});
