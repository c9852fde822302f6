import { serverMessages } from '@shop/contract';
import { ratePassword } from '@shop/contract/password-rating';
import { act } from 'react';
import { createRoot } from 'react-dom/client';
import { IntlProvider } from 'react-intl';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { PasswordStrength } from './password-strength.tsx';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

let holder: HTMLDivElement | undefined;
afterEach(() => holder?.remove());

/** What the meter says under `password` once it has rated it (the rule arrives by a lazy import). */
async function meterText(password: string, userInputs?: string[]): Promise<string> {
  holder = document.createElement('div');
  document.body.append(holder);
  const root = createRoot(holder);
  await act(async () => {
    root.render(
      <IntlProvider locale="en-US">
        <PasswordStrength password={password} userInputs={userInputs} />
      </IntlProvider>,
    );
  });
  await vi.waitFor(() => expect(holder!.querySelector('[aria-busy="true"]')).toBeNull());
  const text = holder.textContent ?? '';
  act(() => root.unmount());
  return text;
}

const label = serverMessages['en-US'];

describe('the password strength meter', () => {
  it.each([
    ['abc', label['password.strength.tooShort']],
    ['123456', 'Strength: too easy to guess'],
    ['qwerty123', 'Strength: too easy to guess'],
    ['bluefox93', 'Strength: medium'],
    ['Cafe-com-leite-42', 'Strength: strong'],
  ])('shows %s as "%s"', async (password, shown) => {
    expect(await meterText(password)).toBe(shown);
  });

  it("agrees with the server's rule, the account's email and phone included", async () => {
    const inputs = ['ana.souza@example.com', '+5511987654321'];
    for (const password of ['123456', 'bluefox93', 'ana.souza@example.com', 'Lantern-Orchard-8531!']) {
      const verdict = await ratePassword(password, inputs);
      expect(await meterText(password, inputs)).toBe(label[`password.strength.${verdict}`]);
    }
    expect(await meterText('ana.souza@example.com', inputs)).toBe('Strength: too easy to guess');
  });
});
