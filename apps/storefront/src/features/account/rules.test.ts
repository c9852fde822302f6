import { describe, expect, it } from 'vitest';
import { phoneProblem } from './phone.ts';
import { rules } from './rules.ts';

describe('client-side form rules (spec §5)', () => {
  it('checks the email', () => {
    expect(rules.email('')).toBe('validation.email.required');
    expect(rules.email('ana@')).toBe('validation.email.invalid');
    expect(rules.email('ana@example.com')).toBeUndefined();
  });

  it('checks the password length and the confirmation', () => {
    expect(rules.password('')).toBe('validation.password.required');
    expect(rules.password('abc12')).toBe('validation.password.tooShort');
    expect(rules.password('abc123')).toBeUndefined();
    expect(rules.confirm('', 'abc123')).toBe('validation.confirm.required');
    expect(rules.confirm('abc124', 'abc123')).toBe('validation.confirm.mismatch');
    expect(rules.confirm('abc123', 'abc123')).toBeUndefined();
  });

  it('checks the phone number in international form', () => {
    expect(phoneProblem('', '+86')).toBe('validation.phone.required');
    expect(phoneProblem('123', '+86123')).toBe('validation.phone.invalid');
    expect(phoneProblem('13812345678', '+8613812345678')).toBeUndefined();
  });

  it('checks the verification code', () => {
    expect(rules.code('')).toBe('validation.code.required');
    expect(rules.code('12a456')).toBe('error.code.invalid');
    expect(rules.code('123456')).toBeUndefined();
  });
});
