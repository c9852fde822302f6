import type { GoodsDetail } from '@shop/contract';
import { useRef, useState } from 'react';
import type { KeyboardEvent } from 'react';
import { useIntl } from 'react-intl';
import { GOODS_IMAGE_SIZES, GoodsImage } from '../../features/catalog/goods-image.tsx';

const STEP: Record<string, number> = { ArrowRight: 1, ArrowDown: 1, ArrowLeft: -1, ArrowUp: -1 };

/**
 * The goods' pictures: the chosen one large (the page's largest paint, so fetched first), thumbnails to choose
 * with a click or the keyboard (Tab to the row, arrows, Home and End move and show).
 */
export function Gallery({ goods, chosenImage }: { goods: GoodsDetail; chosenImage?: string | undefined }) {
  const intl = useIntl();
  const images = goods.images.length > 0 ? goods.images : [goods.image];
  const [active, setActive] = useState(0);
  // A chosen option value's picture shows until a thumbnail is chosen, or another value.
  const [override, setOverride] = useState(chosenImage);
  const [lastChosen, setLastChosen] = useState(chosenImage);
  if (chosenImage !== lastChosen) {
    setLastChosen(chosenImage);
    setOverride(chosenImage);
  }
  const buttons = useRef<(HTMLButtonElement | null)[]>([]);

  const show = (index: number) => {
    const next = (index + images.length) % images.length;
    setActive(next);
    setOverride(undefined);
    buttons.current[next]?.focus();
  };
  const onKeyDown = (event: KeyboardEvent) => {
    const step = STEP[event.key];
    if (step !== undefined) show(active + step);
    else if (event.key === 'Home') show(0);
    else if (event.key === 'End') show(images.length - 1);
    else return;
    event.preventDefault();
  };

  return (
    <div className="gallery">
      <GoodsImage
        className="gallery-main"
        src={override ?? images[active] ?? goods.image}
        sizes={GOODS_IMAGE_SIZES.gallery}
        alt={intl.formatMessage(
          { id: 'detail.imageAlt' },
          { name: goods.name, n: active + 1, total: images.length },
        )}
        width={600}
        height={600}
        decoding="async"
        fetchPriority="high"
      />
      {images.length > 1 && (
        <div
          className="gallery-thumbs"
          role="group"
          aria-label={intl.formatMessage({ id: 'detail.pictures' })}
          onKeyDown={onKeyDown}
        >
          {images.map((src, index) => (
            <button
              key={`${src}-${index}`}
              ref={(element) => {
                buttons.current[index] = element;
              }}
              type="button"
              // One stop in the tab order for the row; the arrows move within it.
              tabIndex={index === active ? 0 : -1}
              aria-pressed={index === active}
              aria-label={intl.formatMessage(
                { id: 'detail.showImage' },
                { n: index + 1, total: images.length },
              )}
              onClick={() => {
                setActive(index);
                setOverride(undefined);
              }}
            >
              <GoodsImage
                src={src}
                sizes={GOODS_IMAGE_SIZES.galleryThumb}
                width={64}
                height={64}
                loading="lazy"
                decoding="async"
              />
            </button>
          ))}
        </div>
      )}
    </div>
  );
}
