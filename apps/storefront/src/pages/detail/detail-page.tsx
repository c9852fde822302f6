import { AppError, Code } from '@shop/contract';
import type { GoodsDetail } from '@shop/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { effects } from '../../api.ts';
import { LoadFailed } from '../../components/load-failed.tsx';
import { PageLoading } from '../../components/page-loading.tsx';
import { Result } from '../../components/result.tsx';
import { Price, useMoney } from '../../features/catalog/price.tsx';
import { useGoods } from '../../features/catalog/queries.ts';
import { canChoose, findSku, priceRange } from '../../features/catalog/sku.ts';
import type { Selection } from '../../features/catalog/sku.ts';
import { CART_KEY } from '../../features/orders/queries.ts';
import { loginPath } from '../../features/session/redirect.ts';
import { reportFailure } from '../../features/toast/report.ts';
import { showToast } from '../../features/toast/toast-store.ts';

function GoodsNotFound() {
  return (
    <Result
      tone="warning"
      title={<FormattedMessage id="detail.notFound" />}
      actions={
        <Link to="/" className="button button-primary">
          <FormattedMessage id="detail.browse" />
        </Link>
      }
    >
      <p>
        <FormattedMessage id="detail.notFoundHint" />
      </p>
    </Result>
  );
}

function Gallery({ goods }: { goods: GoodsDetail }) {
  const intl = useIntl();
  const images = goods.images.length > 0 ? goods.images : [goods.image];
  const [active, setActive] = useState(0);
  return (
    <div className="gallery">
      <img
        className="gallery-main"
        src={images[active]}
        alt={intl.formatMessage(
          { id: 'detail.imageAlt' },
          { name: goods.name, n: active + 1, total: images.length },
        )}
        width={600}
        height={600}
        fetchPriority="high"
      />
      {images.length > 1 && (
        <ul className="gallery-thumbs">
          {images.map((src, index) => (
            <li key={`${src}-${index}`}>
              <button
                type="button"
                aria-pressed={index === active}
                aria-label={intl.formatMessage(
                  { id: 'detail.showImage' },
                  { n: index + 1, total: images.length },
                )}
                onClick={() => setActive(index)}
              >
                <img src={src} alt="" width={72} height={72} loading="lazy" />
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

/** Plain text, paragraphs separated by blank lines; rendered as text, never as HTML. */
function Description({ text }: { text: string }) {
  const paragraphs = text
    .split(/\n\s*\n/)
    .map((part) => part.trim())
    .filter(Boolean);
  if (paragraphs.length === 0) return null;
  return (
    <section aria-labelledby="detail-description" className="section description">
      <h2 id="detail-description">
        <FormattedMessage id="detail.description" />
      </h2>
      {paragraphs.map((paragraph, index) => (
        <p key={index}>{paragraph}</p>
      ))}
    </section>
  );
}

function Purchase({ goods }: { goods: GoodsDetail }) {
  const intl = useIntl();
  const money = useMoney();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [selection, setSelection] = useState<Selection>(() => goods.options.map(() => null));
  const [quantity, setQuantity] = useState(1);
  const sku = findSku(goods.skus, selection);
  const range = priceRange(goods.skus);
  const stock = sku ? sku.stock : goods.stock;
  const addToCart = useMutation({
    mutationFn: (skuId: string) => effects.addCartItem({ skuId, quantity }),
    onSuccess: () => {
      showToast(intl.formatMessage({ id: 'detail.added' }), { tone: 'success' });
      void queryClient.invalidateQueries({ queryKey: CART_KEY });
    },
    onError: (error) => {
      if (error instanceof AppError && error.code === Code.unauthorized) {
        void navigate(loginPath(`/detail?id=${encodeURIComponent(goods.id)}`));
      } else reportFailure(error);
    },
  });

  const choose = (index: number, valueId: string) =>
    setSelection((current) => current.map((chosen, i) => (i === index ? valueId : chosen)));

  return (
    <form
      className="purchase"
      onSubmit={(event) => {
        event.preventDefault();
        if (sku && sku.stock > 0) addToCart.mutate(sku.id);
      }}
    >
      <p className="detail-price">
        {sku ? (
          <Price amount={sku.price} original={sku.originalPrice} currency={goods.currency} />
        ) : range && range.min !== range.max ? (
          <span className="price">
            <span className="price-now">
              {money(range.min, goods.currency)} – {money(range.max, goods.currency)}
            </span>
          </span>
        ) : (
          <Price amount={goods.price} original={goods.originalPrice} currency={goods.currency} />
        )}
      </p>
      {goods.options.map((option, index) => (
        <fieldset key={option.id} className="option-group">
          <legend>{option.name}</legend>
          <div className="chips">
            {option.values.map((value) => {
              const available = canChoose(goods.skus, selection, index, value.id);
              return (
                <label key={value.id} className={available ? 'chip' : 'chip chip-disabled'}>
                  <input
                    type="radio"
                    name={`option-${option.id}`}
                    value={value.id}
                    checked={selection[index] === value.id}
                    disabled={!available}
                    onChange={() => choose(index, value.id)}
                  />
                  <span>{value.name}</span>
                </label>
              );
            })}
          </div>
        </fieldset>
      ))}
      <p className="stock" aria-live="polite">
        {stock > 0 ? (
          <FormattedMessage id="detail.stock" values={{ count: stock }} />
        ) : (
          <FormattedMessage id="goods.soldOut" />
        )}
      </p>
      <div className="field quantity">
        <label htmlFor="detail-quantity">
          <FormattedMessage id="detail.quantity" />
        </label>
        <input
          id="detail-quantity"
          type="number"
          inputMode="numeric"
          min={1}
          max={Math.max(1, stock)}
          value={quantity}
          onChange={(event) =>
            setQuantity(Math.max(1, Math.min(Math.max(1, stock), Number(event.target.value) || 1)))
          }
        />
      </div>
      {!sku && goods.options.length > 0 && (
        <p className="field-hint" id="detail-choose">
          <FormattedMessage id="detail.chooseOptions" />
        </p>
      )}
      <button
        type="submit"
        className="button button-primary button-block"
        disabled={!sku || sku.stock <= 0 || addToCart.isPending}
        aria-describedby={!sku && goods.options.length > 0 ? 'detail-choose' : undefined}
      >
        <FormattedMessage id="detail.addToCart" />
      </button>
    </form>
  );
}

function GoodsView({ id }: { id: string }) {
  const goods = useGoods(id);
  if (goods.isPending) return <PageLoading />;
  if (goods.isError) {
    const { error } = goods;
    // 404: no such goods (or no longer on sale); 1: the id is malformed. Both mean nothing to show.
    if (error instanceof AppError && (error.code === Code.notFound || error.code === Code.validation)) {
      return <GoodsNotFound />;
    }
    return (
      <>
        <h1 className="visually-hidden">
          <FormattedMessage id="page.detail" />
        </h1>
        <LoadFailed onRetry={() => void goods.refetch()} />
      </>
    );
  }
  const detail = goods.data;
  return (
    <article className="detail">
      <Gallery goods={detail} />
      <div className="detail-info">
        <h1>{detail.name}</h1>
        <p className="goods-meta">
          <FormattedMessage id="goods.sales" values={{ count: detail.sales }} />
        </p>
        <Purchase goods={detail} />
      </div>
      <Description text={detail.description} />
    </article>
  );
}

export default function DetailPage() {
  const [params] = useSearchParams();
  const id = params.get('id')?.trim();
  if (!id) return <GoodsNotFound />;
  return <GoodsView key={id} id={id} />;
}
