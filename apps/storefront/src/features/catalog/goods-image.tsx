import { imageSrcset } from '@shop/contract';
import type { ImgHTMLAttributes } from 'react';

/**
 * How wide each slot a goods picture fills is, for `sizes`: the browser picks the narrowest WebP copy that fills
 * it at the screen's density. They follow styles.css: the page is at most 1160px wide less 16px a side; the goods
 * grid has 2 columns 12px apart, then 3 and 4 columns 16px apart from 640px and 960px (a sideways goods row's
 * cards are a little narrower on phones, which only means a copy a little larger than needed).
 */
export const GOODS_IMAGE_SIZES = {
  card: '(min-width: 1160px) 270px, (min-width: 960px) calc((100vw - 80px) / 4), (min-width: 640px) calc((100vw - 64px) / 3), calc((100vw - 44px) / 2)',
  /** The detail page's large picture: the page's width, or half of it beside the purchase form from 960px. */
  gallery: '(min-width: 1160px) 552px, (min-width: 960px) calc((100vw - 56px) / 2), calc(100vw - 32px)',
  galleryThumb: '64px',
  cartLine: '(min-width: 640px) 80px, 64px',
  orderLine: '56px',
  orderThumb: '48px',
} as const;

type GoodsImageProps = Omit<ImgHTMLAttributes<HTMLImageElement>, 'src' | 'srcSet' | 'sizes'> & {
  src: string;
  /** One of `GOODS_IMAGE_SIZES`. */
  sizes: string;
  /** The slot's size, so the page keeps its layout while the picture loads. */
  width: number;
  height: number;
};

/**
 * A goods picture: its `src`, plus a `srcset` of its WebP copies when it is a raster image stored with them
 * (an SVG or an image stored without copies is shown from `src` alone).
 */
export function GoodsImage({ src, sizes, alt = '', ...rest }: GoodsImageProps) {
  const srcSet = imageSrcset(src);
  return <img src={src} srcSet={srcSet} sizes={srcSet && sizes} alt={alt} {...rest} />;
}
