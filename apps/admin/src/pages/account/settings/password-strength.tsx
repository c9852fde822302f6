import { Progress } from 'antd';
import { useEffect, useState } from 'react';
import { useIntl } from 'react-intl';
import { MIN_PASSWORD_LENGTH, serverMessages } from '@shop/contract';
import type { Locale, PasswordStrength } from '@shop/contract';

const LEVEL: Record<PasswordStrength, { percent: number; status: 'success' | 'normal' | 'exception' }> = {
  strong: { percent: 100, status: 'success' },
  medium: { percent: 60, status: 'normal' },
  weak: { percent: 20, status: 'exception' },
  tooShort: { percent: 20, status: 'exception' },
};

/**
 * The template's strength meter, rated by the rule the server refuses passwords with (the contract's
 * password-rating, loaded when the meter first needs it) and the member's own words (`userInputs`), so it never
 * calls medium or strong a password the server refuses.
 */
export function PasswordStrengthMeter({
  password,
  userInputs,
  id,
}: {
  password: string;
  userInputs: string[];
  id?: string;
}) {
  const intl = useIntl();
  const inputs = userInputs.join('\n');
  const [rated, setRated] = useState<{ password: string; inputs: string; strength: PasswordStrength }>();
  useEffect(() => {
    if (password.length < MIN_PASSWORD_LENGTH) return;
    let current = true;
    import('@shop/contract/password-rating')
      .then(({ ratePassword }) => ratePassword(password, inputs.split('\n')))
      .then(
        (strength) => current && setRated({ password, inputs, strength }),
        () => undefined, // no verdict offline; the server still checks on save
      );
    return () => {
      current = false;
    };
  }, [password, inputs]);

  if (!password) return null;
  const strength =
    password.length < MIN_PASSWORD_LENGTH
      ? 'tooShort'
      : rated?.password === password && rated.inputs === inputs
        ? rated.strength
        : undefined;
  if (!strength) return <div className="admin-strength" id={id} aria-live="polite" aria-busy="true" />;
  const label = serverMessages[intl.locale as Locale][`password.strength.${strength}`];
  return (
    <div className="admin-strength" id={id} aria-live="polite" data-strength={strength}>
      <span>{label}</span>
      <Progress
        percent={LEVEL[strength].percent}
        status={LEVEL[strength].status}
        showInfo={false}
        size="small"
      />
    </div>
  );
}
