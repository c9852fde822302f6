import type { GoodsDetail } from '@shop/contract';

/**
 * The goods as schema.org `Product` JSON-LD, with `aggregateRating` once it has published reviews, for search
 * engines' rich results. A data block: never run as a script, and `<` is escaped so no text can close it.
 */
export function ProductJsonLd({ goods }: { goods: GoodsDetail }) {
  const data = {
    '@context': 'https://schema.org',
    '@type': 'Product',
    name: goods.name,
    image: goods.images.length ? goods.images : [goods.image],
    ...(goods.rating && {
      aggregateRating: {
        '@type': 'AggregateRating',
        ratingValue: goods.rating.average,
        reviewCount: goods.rating.count,
        bestRating: 5,
        worstRating: 1,
      },
    }),
  };
  return (
    <script
      type="application/ld+json"
      dangerouslySetInnerHTML={{ __html: JSON.stringify(data).replace(/</g, '\\u003c') }}
    />
  );
}
