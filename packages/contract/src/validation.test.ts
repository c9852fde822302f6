import { describe, expect, it } from 'vitest';
import { registerBodySchema } from './schemas/accounts.ts';
import { goodsQuerySchema } from './schemas/catalog.ts';
import { listingSort } from './catalog-values.ts';
import { isEmail } from './field-checks.ts';
import { isPhone } from './phone-check.ts';

describe('field rules', () => {
  it('checks emails like a browser does', () => {
    expect(isEmail('ana@example.com.br')).toBe(true);
    expect(isEmail('ana@example')).toBe(false);
    expect(isEmail('ana example.com')).toBe(false);
  });
  it('checks phones by country', () => {
    expect(isPhone('+5511987654321')).toBe(true);
    expect(isPhone('+8613812345678')).toBe(true);
    expect(isPhone('+55119')).toBe(false);
    expect(isPhone('12345')).toBe(false);
  });
});

describe('schemas speak in message keys', () => {
  it('reports each registration problem under its field', () => {
    const result = registerBodySchema.safeParse({
      email: 'nope',
      password: '123',
      confirm: '124',
      phone: '',
      code: '',
    });
    const byField = Object.fromEntries(
      (result.error?.issues ?? []).map((i) => [i.path.join('.'), i.message]),
    );
    expect(byField).toMatchObject({
      email: 'validation.email.invalid',
      password: 'validation.password.tooShort',
      phone: 'validation.phone.required',
      code: 'validation.code.required',
    });
  });
  it('refuses mismatched confirmation', () => {
    const result = registerBodySchema.safeParse({
      email: 'a@b.co',
      password: 'secret-pass',
      confirm: 'secret-pasS',
      phone: '+5511987654321',
      code: '123456',
    });
    expect(result.error?.issues.map((i) => [i.path.join('.'), i.message])).toEqual([
      ['confirm', 'validation.confirm.mismatch'],
    ]);
  });
  it('parses goods queries strictly', () => {
    expect(goodsQuerySchema.parse({})).toEqual({ page: 1, pageSize: 20 });
    // Without a sort: relevance when searching, newest otherwise.
    expect(listingSort(goodsQuerySchema.parse({}))).toBe('newest');
    expect(listingSort(goodsQuerySchema.parse({ keyword: 'mug' }))).toBe('relevance');
    expect(listingSort(goodsQuerySchema.parse({ sort: 'relevance' }))).toBe('newest');
    expect(goodsQuerySchema.parse({ inStock: 'true', options: 'color:black,size:m' })).toMatchObject({
      inStock: 'true',
      options: 'color:black,size:m',
    });
    expect(goodsQuerySchema.safeParse({ options: 'color' }).success).toBe(false);
    expect(goodsQuerySchema.safeParse({ options: 'color:black,' }).success).toBe(false);
    expect(goodsQuerySchema.safeParse({ inStock: 'false' }).success).toBe(false);
    expect(goodsQuerySchema.safeParse({ page: '0' }).success).toBe(false);
    expect(goodsQuerySchema.safeParse({ pageSize: '101' }).success).toBe(false);
    expect(goodsQuerySchema.safeParse({ page: 'abc' }).success).toBe(false);
    expect(goodsQuerySchema.safeParse({ page: ['1', '2'] }).success).toBe(false);
    expect(goodsQuerySchema.safeParse({ color: 'red' }).success).toBe(false);
  });
});
