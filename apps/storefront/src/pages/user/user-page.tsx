import { AppError, Code } from '@shop/contract';
import type { User } from '@shop/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link } from 'react-router';
import { effects } from '../../api.ts';
import { Field, FormError } from '../../components/field.tsx';
import { LoadFailed } from '../../components/load-failed.tsx';
import { PageLoading } from '../../components/page-loading.tsx';
import { AvatarField } from '../../features/account/avatar-field.tsx';
import { formatPhone } from '../../features/account/phone.ts';
import type { AvatarChange } from '../../features/account/avatar-field.tsx';
import { useForm } from '../../features/account/use-form.ts';
import { useLogout } from '../../features/session/use-logout.ts';
import { SHOPPER_KEY, useSignedInShopper } from '../../features/session/use-shopper.ts';
import { showToast } from '../../features/toast/toast-store.ts';
import type { MessageId } from '../../i18n/message-id.ts';
import { WishlistSection } from '../../features/wishlist/wishlist-section.tsx';

const GENDER_LABELS: Record<User['gender'], MessageId> = {
  unspecified: 'user.gender.unspecified',
  female: 'user.gender.female',
  male: 'user.gender.male',
  other: 'user.gender.other',
};
const GENDERS = Object.keys(GENDER_LABELS) as User['gender'][];

const KEEP: AvatarChange = { kind: 'keep' };

function ProfileForm({ user }: { user: User }) {
  const intl = useIntl();
  const queryClient = useQueryClient();
  const [avatar, setAvatar] = useState<AvatarChange>(KEEP);
  const [avatarError, setAvatarError] = useState<string | undefined>();
  const form = useForm(
    'profile',
    { nickname: user.nickname, gender: user.gender as string, birthday: user.birthday ?? '' },
    (v) => ({
      nickname:
        v.nickname.trim().length > 40 ? intl.formatMessage({ id: 'user.nicknameTooLong' }) : undefined,
    }),
  );
  const saved = (updated: User) => {
    queryClient.setQueryData(SHOPPER_KEY, updated);
    queryClient.setQueryData(['user', user.id], updated);
  };
  const submit = form.onSubmit(async (v) => {
    setAvatarError(undefined);
    if (avatar.kind === 'upload') {
      try {
        saved(await effects.uploadAvatar(user.id, avatar.file));
      } catch (error) {
        // The server's word on the file (type, size) belongs under the photo, not under the form.
        const text = error instanceof AppError && error.code === Code.validation && error.fields?.file;
        if (!text) throw error;
        setAvatarError(text);
        document.getElementById('profile-avatar')?.focus();
        return;
      }
    }
    const updated = await effects.editUser(user.id, {
      nickname: v.nickname.trim(),
      gender: GENDERS.find((g) => g === v.gender) ?? 'unspecified',
      birthday: v.birthday || null,
      ...(avatar.kind === 'remove' && { avatar: '' }),
    });
    saved(updated);
    setAvatar(KEEP);
    showToast(intl.formatMessage({ id: 'user.saved' }), { tone: 'success' });
  });

  return (
    <form onSubmit={submit} noValidate className="form" aria-labelledby="profile-edit">
      <h2 id="profile-edit">
        <FormattedMessage id="user.edit" />
      </h2>
      <AvatarField
        id="profile-avatar"
        current={user.avatar}
        change={avatar}
        onChange={(change) => {
          setAvatarError(undefined);
          setAvatar(change);
        }}
        error={avatarError}
      />
      <Field
        {...form.field('nickname')}
        label={<FormattedMessage id="user.nickname" />}
        autoComplete="nickname"
      />
      <div className="field">
        <label htmlFor="profile-gender">
          <FormattedMessage id="user.gender" />
        </label>
        <select
          id="profile-gender"
          value={form.values.gender}
          onChange={(e) => form.setValue('gender', e.target.value)}
        >
          {GENDERS.map((gender) => (
            <option key={gender} value={gender}>
              {intl.formatMessage({ id: GENDER_LABELS[gender] })}
            </option>
          ))}
        </select>
      </div>
      <Field
        {...form.field('birthday')}
        label={<FormattedMessage id="user.birthday" />}
        type="date"
        autoComplete="bday"
      />
      <FormError message={form.formError} />
      <button type="submit" className="button button-primary" disabled={form.submitting}>
        <FormattedMessage id="user.save" />
      </button>
    </form>
  );
}

export default function UserPage() {
  const intl = useIntl();
  const shopper = useSignedInShopper();
  const { logout, leaving } = useLogout();
  // spec: fetchUser reads the shopper's own record by id.
  const user = useQuery({
    queryKey: ['user', shopper.id],
    queryFn: ({ signal }) => effects.fetchUser(shopper.id, { signal }),
  });

  return (
    <section>
      <h1>
        <FormattedMessage id="user.title" />
      </h1>
      {user.isPending ? (
        <PageLoading />
      ) : user.isError ? (
        <LoadFailed onRetry={() => void user.refetch()} />
      ) : (
        <div className="two-columns">
          <section aria-labelledby="profile-summary" className="card">
            <h2 id="profile-summary">
              <FormattedMessage id="user.account" />
            </h2>
            {user.data.avatar && (
              <img className="avatar" src={user.data.avatar} alt="" width={64} height={64} loading="lazy" />
            )}
            <dl className="facts">
              <dt>
                <FormattedMessage id="form.email" />
              </dt>
              <dd>{user.data.email}</dd>
              <dt>
                <FormattedMessage id="form.phone" />
              </dt>
              <dd>{formatPhone(user.data.phone)}</dd>
              <dt>
                <FormattedMessage id="user.since" />
              </dt>
              <dd>{intl.formatDate(user.data.createdAt, { dateStyle: 'long' })}</dd>
              <dt>
                <FormattedMessage id="user.status" />
              </dt>
              <dd>
                <FormattedMessage id={user.data.activated ? 'user.activated' : 'user.notActivated'} />
              </dd>
            </dl>
            <ul className="link-list">
              <li>
                <Link to="/my/order">
                  <FormattedMessage id="nav.orders" />
                </Link>
              </li>
              <li>
                <Link to="/address">
                  <FormattedMessage id="page.address" />
                </Link>
              </li>
              <li>
                <Link to="/passwordchange">
                  <FormattedMessage id="passwordChange.title" />
                </Link>
              </li>
            </ul>
            <button type="button" className="button" onClick={logout} disabled={leaving}>
              <FormattedMessage id="user.logout" />
            </button>
          </section>
          <div className="card">
            <ProfileForm key={user.data.id} user={user.data} />
          </div>
        </div>
      )}
      {user.isSuccess && <WishlistSection />}
    </section>
  );
}
