import { AppError } from '@shop/contract';
import type { ShopperMessageKey } from '@shop/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link, useLocation, useNavigate, useSearchParams } from 'react-router';
import { effects } from '../../api.ts';
import { Field, FormError } from '../../components/field.tsx';
import { contractKeyOf, useContractText } from '../../features/account/contract-text.ts';
import { readAccountState } from '../../features/account/account-state.ts';
import type { AccountState } from '../../features/account/account-state.ts';
import { defaultCountry, phoneProblem, toInternational } from '../../features/account/phone.ts';
import { PhoneField } from '../../features/account/phone-field.tsx';
import { rules } from '../../features/account/rules.ts';
import { useForm } from '../../features/account/use-form.ts';
import { safeRedirect } from '../../features/session/redirect.ts';
import { signedIn } from '../../features/session/use-shopper.ts';

type Method = 'email' | 'phone';

/** A correct password on an account whose email is not confirmed yet: say so, and offer a new mail. */
function NotActivated({ message, email }: { message: string; email: string | null }) {
  return (
    <div className="form-error" role="alert">
      <p>{message}</p>
      <p>
        <Link to="/registerchange" state={{ ...(email && { email }) } satisfies AccountState}>
          <FormattedMessage id="login.resendActivation" />
        </Link>
      </p>
    </div>
  );
}

export default function LoginPage() {
  const intl = useIntl();
  const text = useContractText();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [params] = useSearchParams();
  const { notice } = readAccountState(useLocation().state);
  const [method, setMethod] = useState<Method>('email');
  const [notActivated, setNotActivated] = useState<{ message: string; email: string | null } | null>(null);
  const message = (key: ShopperMessageKey | undefined) => (key ? text(key) : undefined);

  const form = useForm(
    'login',
    { email: '', phoneCountry: defaultCountry(intl.locale), phone: '', password: '' },
    (v) => ({
      email: method === 'email' ? message(rules.email(v.email)) : undefined,
      phone:
        method === 'phone'
          ? message(phoneProblem(v.phone, toInternational(v.phoneCountry, v.phone)))
          : undefined,
      password: message(rules.existingPassword(v.password)),
    }),
  );

  const submit = form.onSubmit(async (v) => {
    const account = method === 'email' ? v.email.trim() : toInternational(v.phoneCountry, v.phone);
    setNotActivated(null);
    try {
      const user = await effects.login({ account, password: v.password });
      signedIn(queryClient, user);
    } catch (error) {
      if (
        error instanceof AppError &&
        contractKeyOf(error.message, intl.locale) === 'error.account.notActivated'
      ) {
        setNotActivated({ message: error.message, email: method === 'email' ? account : null });
        return;
      }
      throw error;
    }
    void navigate(safeRedirect(params.get('redirect')), { replace: true });
  });

  return (
    <section className="narrow">
      <h1>
        <FormattedMessage id="login.title" />
      </h1>
      {notice && (
        <p className="notice" role="status">
          <FormattedMessage id={notice} />
        </p>
      )}
      <form onSubmit={submit} noValidate className="form">
        <div className="segmented" role="group" aria-labelledby="login-method">
          <span id="login-method" className="segmented-label">
            <FormattedMessage id="login.method" />
          </span>
          {(['email', 'phone'] as const).map((value) => (
            <button
              key={value}
              type="button"
              className="segment"
              aria-pressed={method === value}
              onClick={() => {
                setMethod(value);
                form.setErrors({});
                form.setFormError(null);
                setNotActivated(null);
              }}
            >
              <FormattedMessage id={value === 'email' ? 'login.byEmail' : 'login.byPhone'} />
            </button>
          ))}
        </div>
        {method === 'email' ? (
          <Field
            {...form.field('email')}
            label={<FormattedMessage id="form.email" />}
            type="email"
            autoComplete="username"
            inputMode="email"
          />
        ) : (
          <PhoneField
            {...form.field('phone')}
            country={form.values.phoneCountry}
            onCountry={(country) => form.setValue('phoneCountry', country)}
          />
        )}
        <Field
          {...form.field('password')}
          label={<FormattedMessage id="form.password" />}
          type="password"
          autoComplete="current-password"
        />
        <FormError message={form.formError} />
        {notActivated && <NotActivated {...notActivated} />}
        <button type="submit" className="button button-primary button-block" disabled={form.submitting}>
          <FormattedMessage id="login.submit" />
        </button>
      </form>
      <p className="form-links">
        <Link to="/forget">
          <FormattedMessage id="login.forgot" />
        </Link>
        <Link to="/register">
          <FormattedMessage id="login.register" />
        </Link>
        <Link to="/registerchange">
          <FormattedMessage id="login.noActivationMail" />
        </Link>
      </p>
    </section>
  );
}
