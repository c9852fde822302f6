import { describe, expect, it } from 'vitest';
import { loginPath, safeRedirect } from './redirect.ts';

describe('login redirects', () => {
  it('keeps a path of this site with its query', () => {
    expect(safeRedirect('/my/order?status=paid')).toBe('/my/order?status=paid');
  });

  it.each(['https://evil.test/', '//evil.test', '/\\evil.test', 'javascript:alert(1)', '', null, undefined])(
    'refuses %s',
    (target) => {
      expect(safeRedirect(target)).toBe('/user');
    },
  );

  it('puts the path and query into the login link', () => {
    expect(loginPath('/order?coupon=1&x=2')).toBe('/login?redirect=%2Forder%3Fcoupon%3D1%26x%3D2');
  });
});
