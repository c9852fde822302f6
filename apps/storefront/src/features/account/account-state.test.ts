import { describe, expect, it } from 'vitest';
import { readAccountState } from './account-state.ts';
import { contractKeyOf } from './contract-text.ts';

describe('state handed between account pages', () => {
  it('reads the email and a known notice', () => {
    expect(readAccountState({ email: 'ana@example.com', notice: 'passwordChange.resetDone' })).toEqual({
      email: 'ana@example.com',
      notice: 'passwordChange.resetDone',
    });
  });

  it('ignores anything else a history entry may hold', () => {
    expect(readAccountState(null)).toEqual({ email: null, notice: null });
    expect(readAccountState({ email: 42, notice: 'app.name' })).toEqual({ email: null, notice: null });
    expect(readAccountState({ inPlace: true })).toEqual({ email: null, notice: null });
  });
});

describe('refusals told apart by their text', () => {
  it('finds the contract key of a server text in its locale', () => {
    expect(contractKeyOf('This email address is already registered.', 'en-US')).toBe('error.email.taken');
    expect(contractKeyOf('验证码错误', 'zh-CN')).toBe('error.code.invalid');
  });

  it('finds nothing for another locale, an unknown text or an unsupported locale', () => {
    expect(contractKeyOf('验证码错误', 'en-US')).toBeUndefined();
    expect(contractKeyOf('Something new', 'en-US')).toBeUndefined();
    expect(contractKeyOf('Invalid verification code', 'fr-FR')).toBeUndefined();
  });
});
