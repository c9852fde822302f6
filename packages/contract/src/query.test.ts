import { describe, expect, it } from 'vitest';
import { parseQueryString, toHtmlPath } from './query.ts';

describe('parseQueryString', () => {
  it('reads pairs after the leading character', () => {
    expect(parseQueryString('?id=42&name=caf%C3%A9+au+lait&flag')).toEqual({
      id: '42',
      name: 'café au lait',
      flag: '',
    });
    expect(parseQueryString('#a=1')).toEqual({ a: '1' });
    expect(parseQueryString('')).toEqual({});
  });
  it('survives malformed escapes', () => {
    expect(parseQueryString('?q=%E0%A4%A')).toEqual({ q: '%E0%A4%A' });
  });
});

describe('toHtmlPath', () => {
  it('appends .html and keeps the query string', () => {
    expect(toHtmlPath('/detail?id=3')).toBe('/detail.html?id=3');
    expect(toHtmlPath('/my/order')).toBe('/my/order.html');
  });
  it('leaves paths ending in a slash or .html alone', () => {
    expect(toHtmlPath('/shop/?a=1')).toBe('/shop/?a=1');
    expect(toHtmlPath('/page.html?x')).toBe('/page.html?x');
  });
});
