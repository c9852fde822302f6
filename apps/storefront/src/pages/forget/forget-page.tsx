import type { ShopperMessageKey } from '@shop/contract';
import { FormattedMessage } from 'react-intl';
import { Link, useNavigate } from 'react-router';
import { effects } from '../../api.ts';
import { Field, FormError } from '../../components/field.tsx';
import type { AccountState } from '../../features/account/account-state.ts';
import { useContractText } from '../../features/account/contract-text.ts';
import { rules } from '../../features/account/rules.ts';
import { useForm } from '../../features/account/use-form.ts';

export default function ForgetPage() {
  const text = useContractText();
  const navigate = useNavigate();
  const message = (key: ShopperMessageKey | undefined) => (key ? text(key) : undefined);
  const form = useForm('forget', { email: '' }, (v) => ({ email: message(rules.email(v.email)) }));

  const submit = form.onSubmit(async (v) => {
    const email = v.email.trim();
    await effects.forget({ email });
    void navigate('/forgetsucess', { state: { email } satisfies AccountState });
  });

  return (
    <section className="narrow">
      <h1>
        <FormattedMessage id="forget.title" />
      </h1>
      <p>
        <FormattedMessage id="forget.intro" />
      </p>
      <form onSubmit={submit} noValidate className="form">
        <Field
          {...form.field('email')}
          label={<FormattedMessage id="form.email" />}
          type="email"
          autoComplete="email"
          inputMode="email"
        />
        <FormError message={form.formError} />
        <button type="submit" className="button button-primary button-block" disabled={form.submitting}>
          <FormattedMessage id="forget.submit" />
        </button>
      </form>
      <p className="form-links">
        <Link to="/login">
          <FormattedMessage id="forget.backToLogin" />
        </Link>
      </p>
    </section>
  );
}
