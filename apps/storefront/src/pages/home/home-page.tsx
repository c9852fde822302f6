import { useSearchParams } from 'react-router';
import { isListing, parseListing } from '../../features/catalog/listing-params.ts';
import { Listing } from './listing.tsx';
import { Showcase } from './showcase.tsx';

/**
 * The home route: the shop's showcase, or, when the query names a search, a category, a price range, a sort
 * order or a page, the goods listing for it. The contract fixes the routes, so the listing lives here and its
 * state in the URL.
 */
export default function HomePage() {
  const [params] = useSearchParams();
  return isListing(params) ? <Listing filter={parseListing(params)} /> : <Showcase />;
}
