import type { ShopperMessageKey } from '@shop/contract';
import { useState } from 'react';
import { FormattedMessage } from 'react-intl';
import { Link, useLocation } from 'react-router';
import { effects } from '../../api.ts';
import { Field, FormError } from '../../components/field.tsx';
import { Result } from '../../components/result.tsx';
import { readAccountState } from '../../features/account/account-state.ts';
import { useContractText } from '../../features/account/contract-text.ts';
import { rules } from '../../features/account/rules.ts';
import { useForm } from '../../features/account/use-form.ts';

/** Correct the address an activation mail went to (or just send it again). */
export default function RegisterChangePage() {
  const text = useContractText();
  const message = (key: ShopperMessageKey | undefined) => (key ? text(key) : undefined);
  const [sentTo, setSentTo] = useState<string | null>(null);
  // From the login page's "not activated" notice: the address the shopper just typed.
  const { email } = readAccountState(useLocation().state);
  const form = useForm(
    'register-change',
    { email: email ?? '', password: '', newEmail: '' },
    (v) => ({
      email: message(rules.email(v.email)),
      password: message(rules.existingPassword(v.password)),
      newEmail: v.newEmail.trim() ? message(rules.email(v.newEmail)) : undefined,
    }),
    { 'error.email.taken': 'newEmail' },
  );

  const submit = form.onSubmit(async (v) => {
    const newEmail = v.newEmail.trim();
    await effects.resendActivation({
      email: v.email.trim(),
      password: v.password,
      ...(newEmail && { newEmail }),
    });
    setSentTo(newEmail || v.email.trim());
  });

  if (sentTo) {
    return (
      <Result
        tone="success"
        title={<FormattedMessage id="registerChange.sent" />}
        actions={
          <Link to="/login" className="button button-primary">
            <FormattedMessage id="activation.login" />
          </Link>
        }
      >
        <p>
          <FormattedMessage id="registerSuccess.textTo" values={{ email: <strong>{sentTo}</strong> }} />
        </p>
      </Result>
    );
  }

  return (
    <section className="narrow">
      <h1>
        <FormattedMessage id="registerChange.title" />
      </h1>
      <p>
        <FormattedMessage id="registerChange.intro" />
      </p>
      <form onSubmit={submit} noValidate className="form">
        <Field
          {...form.field('email')}
          label={<FormattedMessage id="registerChange.email" />}
          type="email"
          autoComplete="username"
          inputMode="email"
        />
        <Field
          {...form.field('password')}
          label={<FormattedMessage id="form.password" />}
          type="password"
          autoComplete="current-password"
        />
        <Field
          {...form.field('newEmail')}
          label={<FormattedMessage id="registerChange.newEmail" />}
          hint={<FormattedMessage id="registerChange.newEmailHint" />}
          type="email"
          autoComplete="email"
          inputMode="email"
        />
        <FormError message={form.formError} />
        <button type="submit" className="button button-primary button-block" disabled={form.submitting}>
          <FormattedMessage id="registerChange.submit" />
        </button>
      </form>
      <p className="form-links">
        <Link to="/login">
          <FormattedMessage id="registerChange.toLogin" />
        </Link>
      </p>
    </section>
  );
}
