import type { ShopperMessageKey } from '@shop/contract';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { effects } from '../../api.ts';
import { Field, FormError } from '../../components/field.tsx';
import type { AccountState } from '../../features/account/account-state.ts';
import { useContractText } from '../../features/account/contract-text.ts';
import { PasswordStrength } from '../../features/account/password-strength.tsx';
import { rules } from '../../features/account/rules.ts';
import { useForm } from '../../features/account/use-form.ts';
import { useSignedInShopper } from '../../features/session/use-shopper.ts';
import { showToast } from '../../features/toast/toast-store.ts';

function useMessage() {
  const text = useContractText();
  return (key: ShopperMessageKey | undefined) => (key ? text(key) : undefined);
}

/** `userInputs`: the account's email and phone when known, which the server's rule counts against a password. */
function NewPasswordFields({
  form,
  userInputs,
}: {
  form: ReturnType<typeof usePasswordForm>;
  userInputs?: string[];
}) {
  return (
    <>
      <Field
        {...form.field('password')}
        label={<FormattedMessage id="passwordChange.new" />}
        type="password"
        autoComplete="new-password"
        hint={
          <>
            <FormattedMessage id="register.passwordHint" />
            <PasswordStrength password={form.values.password} userInputs={userInputs} />
          </>
        }
      />
      <Field
        {...form.field('confirm')}
        label={<FormattedMessage id="form.confirm" />}
        type="password"
        autoComplete="new-password"
      />
    </>
  );
}

function usePasswordForm(formId: string, needsOld: boolean) {
  const message = useMessage();
  return useForm(formId, { oldPassword: '', password: '', confirm: '' }, (v) => ({
    oldPassword: needsOld ? message(rules.existingPassword(v.oldPassword)) : undefined,
    password: message(rules.password(v.password)),
    confirm: message(rules.confirm(v.confirm, v.password)),
  }));
}

/** `?token=` from the reset mail: set a new password without logging in. */
function ResetPassword({ token }: { token: string }) {
  const navigate = useNavigate();
  const form = usePasswordForm('reset', false);
  const submit = form.onSubmit(async (v) => {
    await effects.resetPassword({ token, password: v.password, confirm: v.confirm });
    // Every session ended with the reset; the login page says why the shopper is there.
    void navigate('/login', {
      replace: true,
      state: { notice: 'passwordChange.resetDone' } satisfies AccountState,
    });
  });
  return (
    <section className="narrow">
      <h1>
        <FormattedMessage id="passwordChange.resetTitle" />
      </h1>
      <form onSubmit={submit} noValidate className="form">
        <NewPasswordFields form={form} />
        <FormError message={form.formError} />
        <button type="submit" className="button button-primary button-block" disabled={form.submitting}>
          <FormattedMessage id="passwordChange.submit" />
        </button>
      </form>
      <p className="form-links">
        <Link to="/forget">
          <FormattedMessage id="passwordChange.newLink" />
        </Link>
      </p>
    </section>
  );
}

/** A logged-in shopper changes their password; their other sessions end. */
function ChangePassword() {
  const intl = useIntl();
  const navigate = useNavigate();
  const shopper = useSignedInShopper();
  const form = usePasswordForm('password', true);
  const submit = form.onSubmit(async (v) => {
    await effects.editPassword(shopper.id, {
      oldPassword: v.oldPassword,
      password: v.password,
      confirm: v.confirm,
    });
    showToast(intl.formatMessage({ id: 'passwordChange.done' }), { tone: 'success' });
    void navigate('/user');
  });
  return (
    <section className="narrow">
      <h1>
        <FormattedMessage id="passwordChange.title" />
      </h1>
      <form onSubmit={submit} noValidate className="form">
        <Field
          {...form.field('oldPassword')}
          label={<FormattedMessage id="passwordChange.old" />}
          type="password"
          autoComplete="current-password"
        />
        <NewPasswordFields form={form} userInputs={[shopper.email, shopper.phone]} />
        <p className="field-hint">
          <FormattedMessage id="passwordChange.sessionsNote" />
        </p>
        <FormError message={form.formError} />
        <button type="submit" className="button button-primary button-block" disabled={form.submitting}>
          <FormattedMessage id="passwordChange.submit" />
        </button>
      </form>
    </section>
  );
}

export default function PasswordChangePage() {
  const [params] = useSearchParams();
  const token = params.get('token');
  return token ? <ResetPassword token={token} /> : <ChangePassword />;
}
