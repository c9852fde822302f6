import { describe, expect, it } from 'vitest';
import { staffPasswordInputs } from './field-checks.ts';
import { isPasswordRefused, ratePassword } from './password-rating.ts';

describe('the rule for new passwords, shared by the server and the meters', () => {
  it.each([
    ['abc', 'tooShort'],
    ['123456', 'weak'],
    ['abcdef1', 'weak'],
    ['qwerty123', 'weak'],
    ['password1', 'weak'],
    ['bluefox93', 'medium'],
    ['Tr0ub4dor&3x', 'strong'],
    ['Cafe-com-leite-42', 'strong'],
  ] as const)('rates %s as %s', async (password, verdict) => {
    expect(await ratePassword(password)).toBe(verdict);
  });

  it('refuses exactly what the meter calls too short or too easy to guess', async () => {
    for (const password of ['abc', '123456', 'qwerty123'])
      expect(await isPasswordRefused(password)).toBe(true);
    for (const password of ['bluefox93', 'Tr0ub4dor&3x'])
      expect(await isPasswordRefused(password)).toBe(false);
  });

  it("counts the account's own email and phone against a password", async () => {
    const email = 'ana.souza@example.com';
    expect(await ratePassword(email)).toBe('strong');
    expect(await ratePassword(email, [email, '+5511987654321'])).toBe('weak');
    expect(await ratePassword(email, [email, ''])).toBe('weak');
  });

  it("takes a member of staff's email, its name part, phone and nickname as their words", () => {
    expect(staffPasswordInputs({ email: 'Sam@Shop.test', phone: null, nickname: 'Sam' })).toEqual([
      'sam@shop.test',
      'sam',
      '',
      'Sam',
    ]);
  });
});
