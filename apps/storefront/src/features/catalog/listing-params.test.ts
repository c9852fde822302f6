import { describe, expect, it } from 'vitest';
import {
  activeFilterCount,
  isListing,
  listingPath,
  listingQuery,
  listingSearch,
  parseListing,
  toggleOption,
} from './listing-params.ts';

const CATEGORY = '87de0bd8-2254-8953-ae99-16aa2af1eea7';
const parse = (query: string) => parseListing(new URLSearchParams(query));

describe('listing query', () => {
  it('tells the listing from the plain home page', () => {
    expect(isListing(new URLSearchParams(''))).toBe(false);
    expect(isListing(new URLSearchParams('utm_source=mail'))).toBe(false);
    expect(isListing(new URLSearchParams('keyword='))).toBe(true);
    expect(isListing(new URLSearchParams('sort=sales'))).toBe(true);
    expect(isListing(new URLSearchParams('inStock=true'))).toBe(true);
    expect(isListing(new URLSearchParams('options=color:black'))).toBe(true);
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
    expect(listingSearch({ keyword: '耳机', page: 1 })).toBe('?keyword=%E8%80%B3%E6%9C%BA&sort=relevance');
    expect(listingSearch({ categoryId: CATEGORY, minPrice: 0, sort: 'sales', page: 2 })).toBe(
      `?categoryId=${CATEGORY}&minPrice=0&sort=sales&page=2`,
    );
    expect(listingPath({})).toBe('/?sort=newest');
  });

  it('round-trips', () => {
    const filter = parse(`keyword=a+b&categoryId=${CATEGORY}&maxPrice=999&sort=price_desc&page=4`);
    expect(parse(listingSearch(filter).slice(1))).toEqual(filter);
    const narrowed = parse('keyword=mug&inStock=true&options=size:m,color:black,color:white&minPrice=2000');
    expect(parse(listingSearch(narrowed).slice(1))).toEqual(narrowed);
    expect(parse(listingSearch({ sort: 'sales', options: ['颜色:黑色'] }).slice(1))).toEqual({
      sort: 'sales',
      options: ['颜色:黑色'],
      page: 1,
    });
  });

  it('lists a keyword by relevance unless told otherwise, and never relevance without one', () => {
    expect(parse('keyword=mug').sort).toBe('relevance');
    expect(parse('keyword=mug&sort=sales').sort).toBe('sales');
    expect(parse('sort=relevance').sort).toBe('newest');
    expect(parse('categoryId=' + CATEGORY).sort).toBe('newest');
    expect(listingSearch({ keyword: 'mug' })).toBe('?keyword=mug&sort=relevance');
    expect(listingSearch({ sort: 'relevance' })).toBe('?sort=newest');
  });

  it('reads the in-stock and option filters, sorted and each once', () => {
    expect(parse('inStock=true&options=size:m,color:white,color:black,size:m')).toEqual({
      inStock: true,
      options: ['color:black', 'color:white', 'size:m'],
      sort: 'newest',
      page: 1,
    });
    expect(listingSearch({ inStock: true, options: ['size:m', 'color:black'] })).toBe(
      '?inStock=true&options=color%3Ablack%2Csize%3Am&sort=newest',
    );
  });

  it('drops in-stock and option values the API would refuse', () => {
    for (const inStock of ['false', '1', 'TRUE', '']) {
      expect(parse(`inStock=${inStock}`)).toEqual({ sort: 'newest', page: 1 });
    }
    // A malformed pair goes, the well-formed ones stay.
    expect(
      parse('options=color:black,color,:m,size:,a b:c,color:-x,size:m-,x:y:z,color:white').options,
    ).toEqual(['color:black', 'color:white']);
    expect(parse('options=').options).toBeUndefined();
    expect(parse('options=,,,').options).toBeUndefined();
    // No more than the API's 20 pairs and 800 characters.
    const many = Array.from({ length: 30 }, (_, index) => `size:s${String(index).padStart(2, '0')}`);
    expect(parse(`options=${many.join(',')}`).options).toEqual(many.slice(0, 20));
    const long = Array.from({ length: 20 }, (_, index) => `o${index}:${'v'.repeat(50)}`);
    const kept = parse(`options=${long.join(',')}`).options ?? [];
    expect(kept.join(',').length).toBeLessThanOrEqual(800);
    expect(kept.length).toBeGreaterThan(10);
  });

  it('sends the API its own spelling and counts the filters in use', () => {
    const filter = parse(
      `categoryId=${CATEGORY}&minPrice=0&maxPrice=1999&inStock=true&options=color:black,size:m`,
    );
    const { page: _page, ...rest } = filter;
    expect(listingQuery(rest)).toEqual({
      categoryId: CATEGORY,
      minPrice: 0,
      maxPrice: 1999,
      inStock: 'true',
      options: 'color:black,size:m',
      sort: 'newest',
    });
    expect(activeFilterCount(filter)).toBe(5);
    expect(activeFilterCount(parse('keyword=mug'))).toBe(0);
    expect(toggleOption(filter, 'color:white', true)).toEqual(['color:black', 'color:white', 'size:m']);
    expect(toggleOption(filter, 'size:m', false)).toEqual(['color:black']);
    expect(toggleOption(parse('options=size:m'), 'size:m', false)).toBeUndefined();
  });
});
