import { describe, expect, it } from 'vitest';
import { isListing, listingPath, listingSearch, parseListing } from './listing-params.ts';

const CATEGORY = '87de0bd8-2254-8953-ae99-16aa2af1eea7';
const parse = (query: string) => parseListing(new URLSearchParams(query));

describe('listing query', () => {
  it('tells the listing from the plain home page', () => {
    expect(isListing(new URLSearchParams(''))).toBe(false);
    expect(isListing(new URLSearchParams('utm_source=mail'))).toBe(false);
    expect(isListing(new URLSearchParams('keyword='))).toBe(true);
    expect(isListing(new URLSearchParams('sort=sales'))).toBe(true);
  });

  it('reads every filter', () => {
    expect(
      parse(`keyword=%20tea%20&categoryId=${CATEGORY}&minPrice=500&maxPrice=2000&sort=price_asc&page=3`),
    ).toEqual({
      keyword: 'tea',
      categoryId: CATEGORY,
      minPrice: 500,
      maxPrice: 2000,
      sort: 'price_asc',
      page: 3,
    });
  });

  it('drops what the API would refuse, defaulting to newest on page 1', () => {
    expect(parse('categoryId=abc&minPrice=-1&maxPrice=1.5&sort=cheap&page=0&keyword=%20')).toEqual({
      sort: 'newest',
      page: 1,
    });
    expect(parse(`keyword=${'x'.repeat(150)}`).keyword).toHaveLength(100);
  });

  it('writes the query back, leaving out page 1 and keeping the sort', () => {
    expect(listingSearch({ keyword: '耳机', page: 1 })).toBe('?keyword=%E8%80%B3%E6%9C%BA&sort=newest');
    expect(listingSearch({ categoryId: CATEGORY, minPrice: 0, sort: 'sales', page: 2 })).toBe(
      `?categoryId=${CATEGORY}&minPrice=0&sort=sales&page=2`,
    );
    expect(listingPath({})).toBe('/?sort=newest');
  });

  it('round-trips', () => {
    const filter = parse(`keyword=a+b&categoryId=${CATEGORY}&maxPrice=999&sort=price_desc&page=4`);
    expect(parse(listingSearch(filter).slice(1))).toEqual(filter);
  });
});
