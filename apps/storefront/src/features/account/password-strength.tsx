import { MIN_PASSWORD_LENGTH } from '@shop/contract';
import type { PasswordStrength as Strength } from '@shop/contract';
import type { ratePassword } from '@shop/contract/password-rating';
import { useEffect, useState } from 'react';
import { useContractText } from './contract-text.ts';

type RatePassword = typeof ratePassword;

let rater: Promise<RatePassword> | undefined;

/**
 * The server's rule for new passwords (zxcvbn and its dictionaries, several hundred kilobytes), fetched the first
 * time a meter needs it: only the pages with a new password pay for it, after they have rendered.
 */
function loadRater(): Promise<RatePassword> {
  rater ??= import('@shop/contract/password-rating').then(
    (module) => module.ratePassword,
    (error: unknown) => {
      rater = undefined; // a failed download is tried again at the next keystroke
      throw error;
    },
  );
  return rater;
}

/**
 * The live strength meter under a new password: too short, too easy to guess, medium or strong (spec §5), by the
 * rule the server refuses passwords with, given the same words of the account (`userInputs`: email, phone), so
 * a password the server refuses is never shown as medium or strong. Until the rule has rated the current value,
 * no verdict is shown.
 */
export function PasswordStrength({ password, userInputs = [] }: { password: string; userInputs?: string[] }) {
  const text = useContractText();
  const inputs = userInputs.join('\n');
  const [rated, setRated] = useState<{ password: string; inputs: string; strength: Strength }>();

  useEffect(() => {
    if (password.length < MIN_PASSWORD_LENGTH) return;
    let current = true;
    loadRater()
      .then((rate) => rate(password, inputs.split('\n')))
      .then(
        (strength) => current && setRated({ password, inputs, strength }),
        () => undefined, // offline: no verdict; the server still checks on submit
      );
    return () => {
      current = false;
    };
  }, [password, inputs]);

  if (!password) return null;
  const strength: Strength | undefined =
    password.length < MIN_PASSWORD_LENGTH
      ? 'tooShort'
      : rated?.password === password && rated.inputs === inputs
        ? rated.strength
        : undefined;
  if (!strength) return <div className="strength" aria-live="polite" aria-busy="true" />;
  return (
    <div className={`strength strength-${strength}`} aria-live="polite">
      <span className="strength-bar" aria-hidden="true">
        <span />
      </span>
      <span>{text(`password.strength.${strength}`)}</span>
    </div>
  );
}
