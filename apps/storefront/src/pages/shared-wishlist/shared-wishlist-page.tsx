import { AppError, Code } from '@shop/contract';
import { useQuery } from '@tanstack/react-query';
import { FormattedMessage } from 'react-intl';
import { Link, useSearchParams } from 'react-router';
import { effects } from '../../api.ts';
import { LoadFailed } from '../../components/load-failed.tsx';
import { PageLoading } from '../../components/page-loading.tsx';
import { Result } from '../../components/result.tsx';
import { WishlistLines } from '../../features/wishlist/wishlist-lines.tsx';

/** `/wishlist/shared?token=`: someone's list as its share link shows it, read-only, to anyone with the link. */
export default function SharedWishlistPage() {
  const [params] = useSearchParams();
  const token = params.get('token')?.trim() ?? '';
  const list = useQuery({
    queryKey: ['sharedWishlist', token],
    queryFn: ({ signal }) => effects.fetchSharedWishlist(token, { signal }),
    enabled: token !== '',
    retry: false,
  });
  const gone =
    token === '' ||
    (list.isError &&
      list.error instanceof AppError &&
      (list.error.code === Code.notFound || list.error.code === Code.validation));
  if (gone) {
    return (
      <Result
        tone="warning"
        title={<FormattedMessage id="wishlist.sharedGone" />}
        actions={
          <Link to="/" className="button button-primary">
            <FormattedMessage id="common.backHome" />
          </Link>
        }
      />
    );
  }
  return (
    <section>
      <h1>
        <FormattedMessage id="wishlist.sharedTitle" />
      </h1>
      {list.isPending ? (
        <PageLoading />
      ) : list.isError ? (
        <LoadFailed onRetry={() => void list.refetch()} />
      ) : list.data.items.length === 0 ? (
        <p className="empty">
          <FormattedMessage id="wishlist.sharedEmpty" />
        </p>
      ) : (
        <WishlistLines items={list.data.items} />
      )}
    </section>
  );
}
