import { passwordStrength } from '@shop/contract';
import { useContractText } from './contract-text.ts';

/** The live strength meter under a new password: strong, medium or too short (spec §5). */
export function PasswordStrength({ password }: { password: string }) {
  const text = useContractText();
  if (!password) return null;
  const strength = passwordStrength(password);
  return (
    <div className={`strength strength-${strength}`} aria-live="polite">
      <span className="strength-bar" aria-hidden="true">
        <span />
      </span>
      <span>{text(`password.strength.${strength}`)}</span>
    </div>
  );
}
