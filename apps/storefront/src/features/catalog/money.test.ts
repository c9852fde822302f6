import { describe, expect, it } from 'vitest';
import { currencySign, formatMoney, parseMajorUnits, toMajorUnits } from './money.ts';

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

describe('price fields', () => {
  it('turns typed amounts into minor units', () => {
    expect(parseMajorUnits('12', 'USD', 'en-US')).toBe(1200);
    expect(parseMajorUnits(' 12.5 ', 'USD', 'en-US')).toBe(1250);
    expect(parseMajorUnits('1,200', 'USD', 'en-US')).toBe(120000);
    expect(parseMajorUnits('1 200.99', 'USD', 'zh-CN')).toBe(120099);
    expect(parseMajorUnits('0', 'USD', 'en-US')).toBe(0);
    expect(parseMajorUnits('500', 'JPY', 'en-US')).toBe(500);
    expect(parseMajorUnits('1.250', 'KWD', 'en-US')).toBe(1250);
  });

  it('reads the separators of the locale, and either as a decimal point when it cannot be a thousands one', () => {
    expect(parseMajorUnits('12,50', 'BRL', 'pt-BR')).toBe(1250);
    expect(parseMajorUnits('1.200,50', 'BRL', 'pt-BR')).toBe(120050);
    expect(parseMajorUnits('1.200', 'BRL', 'pt-BR')).toBe(120000);
    expect(parseMajorUnits('12.5', 'BRL', 'pt-BR')).toBe(1250);
    expect(parseMajorUnits('12,5', 'USD', 'en-US')).toBe(1250);
  });

  it('refuses what is not an amount of the currency, and leaves an empty field empty', () => {
    expect(parseMajorUnits('', 'USD', 'en-US')).toBeUndefined();
    expect(parseMajorUnits('-3', 'USD', 'en-US')).toBeNull();
    expect(parseMajorUnits('1.99.9', 'USD', 'en-US')).toBeNull();
    expect(parseMajorUnits('1.9999', 'USD', 'en-US')).toBeNull();
    expect(parseMajorUnits('5.5', 'JPY', 'en-US')).toBeNull();
    expect(parseMajorUnits('abc', 'USD', 'en-US')).toBeNull();
  });

  it('shows minor units back in major units', () => {
    expect(toMajorUnits(1250, 'USD')).toBe('12.5');
    expect(toMajorUnits(1200, 'USD')).toBe('12');
    expect(toMajorUnits(500, 'JPY')).toBe('500');
  });

  it('names the currency as the locale does', () => {
    expect(currencySign('USD', 'en-US')).toBe('$');
    expect(currencySign('BRL', 'pt-BR')).toBe('R$');
    expect(currencySign('USD', 'zh-CN')).toBe('US$');
  });
});
