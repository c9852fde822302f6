import { Progress } from 'antd';
import { useIntl } from 'react-intl';
import { passwordStrength, serverMessages } from '@shop/contract';
import type { Locale, PasswordStrength } from '@shop/contract';

const LEVEL: Record<PasswordStrength, { percent: number; status: 'success' | 'normal' | 'exception' }> = {
  strong: { percent: 100, status: 'success' },
  medium: { percent: 60, status: 'normal' },
  tooShort: { percent: 20, status: 'exception' },
};

/** The template's strength meter (strong / medium / too short), with the contract's rule and labels. */
export function PasswordStrengthMeter({ password, id }: { password: string; id?: string }) {
  const intl = useIntl();
  if (!password) return null;
  const strength = passwordStrength(password);
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
