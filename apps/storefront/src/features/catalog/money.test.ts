import { describe, expect, it } from 'vitest';
import { formatMoney } from './money.ts';

const plain = (text: string) => text.replace(/\s/g, ' ');

describe('formatMoney', () => {
  it('reads minor units with the currency fraction digits', () => {
    expect(formatMoney(12345, 'USD', 'en-US')).toBe('$123.45');
    expect(plain(formatMoney(1999, 'BRL', 'pt-BR'))).toBe('R$ 19,99');
    expect(formatMoney(990, 'CNY', 'zh-CN')).toBe('¥9.90');
  });

  it('knows currencies without minor units', () => {
    expect(formatMoney(500, 'JPY', 'en-US')).toBe('¥500');
  });

  it('knows currencies with three fraction digits', () => {
    expect(plain(formatMoney(1500, 'KWD', 'en-US'))).toBe('KWD 1.500');
  });
});
