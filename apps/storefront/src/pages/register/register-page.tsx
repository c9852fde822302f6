import type { ShopperMessageKey } from '@shop/contract';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { effects } from '../../api.ts';
import { Field, FormError } from '../../components/field.tsx';
import type { AccountState } from '../../features/account/account-state.ts';
import { useContractText } from '../../features/account/contract-text.ts';
import { PasswordStrength } from '../../features/account/password-strength.tsx';
import { defaultCountry, phoneProblem, toInternational } from '../../features/account/phone.ts';
import { PhoneField } from '../../features/account/phone-field.tsx';
import { rules } from '../../features/account/rules.ts';
import { SendCodeButton } from '../../features/account/send-code-button.tsx';
import { useForm } from '../../features/account/use-form.ts';

export default function RegisterPage() {
  const intl = useIntl();
  const text = useContractText();
  const navigate = useNavigate();
  // A guest's order page and mails link here with the address they bought with (`?email=`).
  const [params] = useSearchParams();
  const message = (key: ShopperMessageKey | undefined) => (key ? text(key) : undefined);

  const form = useForm(
    'register',
    {
      email: params.get('email')?.trim().slice(0, 254) ?? '',
      password: '',
      confirm: '',
      phoneCountry: defaultCountry(intl.locale),
      phone: '',
      code: '',
    },
    (v) => ({
      email: message(rules.email(v.email)),
      password: message(rules.password(v.password)),
      confirm: message(rules.confirm(v.confirm, v.password)),
      phone: message(phoneProblem(v.phone, toInternational(v.phoneCountry, v.phone))),
      code: message(rules.code(v.code)),
    }),
    { 'error.email.taken': 'email', 'error.phone.taken': 'phone', 'error.code.tooSoon': 'code' },
  );

  /** The phone for the "send code" button, after checking it (and showing why not). */
  const phoneForCode = () => {
    const international = toInternational(form.values.phoneCountry, form.values.phone);
    const problem = message(phoneProblem(form.values.phone, international));
    form.setErrors({ ...form.errors, phone: problem });
    if (problem) {
      document.getElementById(form.fieldId('phone'))?.focus();
      return null;
    }
    return international;
  };

  const submit = form.onSubmit(async (v) => {
    const email = v.email.trim();
    await effects.register({
      email,
      password: v.password,
      confirm: v.confirm,
      phone: toInternational(v.phoneCountry, v.phone),
      code: v.code.trim(),
    });
    void navigate('/registersucess', { state: { email } satisfies AccountState });
  });

  return (
    <section className="narrow">
      <h1>
        <FormattedMessage id="register.title" />
      </h1>
      <form onSubmit={submit} noValidate className="form">
        <Field
          {...form.field('email')}
          label={<FormattedMessage id="form.email" />}
          type="email"
          autoComplete="email"
          inputMode="email"
        />
        <Field
          {...form.field('password')}
          label={<FormattedMessage id="form.password" />}
          type="password"
          autoComplete="new-password"
          hint={
            <>
              <FormattedMessage id="register.passwordHint" />
              <PasswordStrength
                password={form.values.password}
                userInputs={[
                  form.values.email.trim().toLowerCase(),
                  form.values.phone.trim()
                    ? toInternational(form.values.phoneCountry, form.values.phone)
                    : '',
                ]}
              />
            </>
          }
        />
        <Field
          {...form.field('confirm')}
          label={<FormattedMessage id="form.confirm" />}
          type="password"
          autoComplete="new-password"
        />
        <PhoneField
          {...form.field('phone')}
          country={form.values.phoneCountry}
          onCountry={(country) => form.setValue('phoneCountry', country)}
        />
        <Field
          {...form.field('code')}
          label={<FormattedMessage id="form.code" />}
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={6}
          addon={<SendCodeButton phone={phoneForCode} onFailure={form.showFailure} />}
        />
        <FormError message={form.formError} />
        <button type="submit" className="button button-primary button-block" disabled={form.submitting}>
          <FormattedMessage id="register.submit" />
        </button>
      </form>
      <p className="form-links">
        <Link to="/login">
          <FormattedMessage id="register.haveAccount" />
        </Link>
      </p>
    </section>
  );
}
