import type { Address, MessageKey } from '@shop/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { effects } from '../../api.ts';
import { ComingSoon, isNotYetAvailable } from '../../components/coming-soon.tsx';
import { Field, FormError } from '../../components/field.tsx';
import { LoadFailed } from '../../components/load-failed.tsx';
import { PageLoading } from '../../components/page-loading.tsx';
import { useContractText } from '../../features/account/contract-text.ts';
import { defaultCountry, toInternational } from '../../features/account/phone.ts';
import { PhoneField } from '../../features/account/phone-field.tsx';
import { rules } from '../../features/account/rules.ts';
import { useForm } from '../../features/account/use-form.ts';
import { ADDRESSES_KEY, useAddresses, useRegions } from '../../features/orders/queries.ts';
import { reportFailure } from '../../features/toast/report.ts';
import { showToast } from '../../features/toast/toast-store.ts';
import { RegionSelect } from './region-select.tsx';

function AddressForm({ editing, onDone }: { editing: Address | null; onDone: () => void }) {
  const intl = useIntl();
  const text = useContractText();
  const queryClient = useQueryClient();
  const regions = useRegions();
  const message = (key: MessageKey | undefined) => (key ? text(key) : undefined);
  const [regionCodes, setRegionCodes] = useState<string[]>(editing?.regionCodes ?? []);
  const [regionError, setRegionError] = useState<string | undefined>();
  const [isDefault, setIsDefault] = useState(editing?.isDefault ?? false);
  const form = useForm(
    'address',
    {
      name: editing?.name ?? '',
      phoneCountry: defaultCountry(intl.locale),
      phone: editing?.phone ?? '',
      detail: editing?.detail ?? '',
      postcode: editing?.postcode ?? '',
    },
    (v) => ({
      name: message(rules.required(v.name)),
      phone: message(rules.phone(v.phone, toInternational(v.phoneCountry, v.phone))),
      detail: message(rules.required(v.detail)),
    }),
  );

  const submit = form.onSubmit(async (v) => {
    if (regionCodes.length === 0) {
      setRegionError(text('validation.required'));
      document.getElementById('address-region')?.focus();
      return;
    }
    const body = {
      name: v.name.trim(),
      phone: toInternational(v.phoneCountry, v.phone),
      regionCodes,
      detail: v.detail.trim(),
      postcode: v.postcode.trim(),
      isDefault,
    };
    if (editing) await effects.updateAddress(editing.id, body);
    else await effects.createAddress(body);
    await queryClient.invalidateQueries({ queryKey: ADDRESSES_KEY });
    showToast(intl.formatMessage({ id: 'address.saved' }), { tone: 'success' });
    onDone();
  });

  return (
    <form onSubmit={submit} noValidate className="form card" aria-labelledby="address-form-title">
      <h2 id="address-form-title">
        <FormattedMessage id={editing ? 'address.edit' : 'address.add'} />
      </h2>
      <Field {...form.field('name')} label={<FormattedMessage id="address.name" />} autoComplete="name" />
      <PhoneField
        {...form.field('phone')}
        country={form.values.phoneCountry}
        onCountry={(country) => form.setValue('phoneCountry', country)}
      />
      {regions.isPending ? (
        <PageLoading />
      ) : regions.isError ? (
        <LoadFailed onRetry={() => void regions.refetch()} />
      ) : (
        <RegionSelect
          idPrefix="address-region"
          regions={regions.data}
          value={regionCodes}
          onChange={(codes) => {
            setRegionCodes(codes);
            setRegionError(undefined);
          }}
          error={regionError}
        />
      )}
      <Field
        {...form.field('detail')}
        label={<FormattedMessage id="address.detail" />}
        autoComplete="street-address"
      />
      <Field
        {...form.field('postcode')}
        label={<FormattedMessage id="address.postcode" />}
        autoComplete="postal-code"
      />
      <label className="check">
        <input type="checkbox" checked={isDefault} onChange={(event) => setIsDefault(event.target.checked)} />
        <FormattedMessage id="address.makeDefault" />
      </label>
      <FormError message={form.formError} />
      <p className="actions">
        <button type="submit" className="button button-primary" disabled={form.submitting}>
          <FormattedMessage id="address.save" />
        </button>
        <button type="button" className="button" onClick={onDone}>
          <FormattedMessage id="common.cancel" />
        </button>
      </p>
    </form>
  );
}

function AddressCard({ address, onEdit }: { address: Address; onEdit: () => void }) {
  const queryClient = useQueryClient();
  const remove = useMutation({
    mutationFn: () => effects.removeAddress(address.id),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ADDRESSES_KEY }),
    onError: reportFailure,
  });
  return (
    <article className="card address">
      <p>
        <strong>{address.name}</strong> {address.phone}
        {address.isDefault && (
          <span className="badge">
            <FormattedMessage id="address.default" />
          </span>
        )}
      </p>
      <p>
        {address.regionNames.join(' ')} {address.detail} {address.postcode}
      </p>
      <p className="actions">
        <button type="button" className="button" onClick={onEdit}>
          <FormattedMessage id="address.edit" />
        </button>
        <button
          type="button"
          className="button button-link"
          disabled={remove.isPending}
          onClick={() => remove.mutate()}
        >
          <FormattedMessage id="address.remove" />
        </button>
      </p>
    </article>
  );
}

export default function AddressPage() {
  const addresses = useAddresses();
  // `null`: the list; `'new'`: adding; an address: editing it.
  const [editing, setEditing] = useState<Address | 'new' | null>(null);

  if (addresses.isError && isNotYetAvailable(addresses.error)) {
    return <ComingSoon title="page.address" text="address.coming" />;
  }
  return (
    <section>
      <h1>
        <FormattedMessage id="page.address" />
      </h1>
      {addresses.isPending ? (
        <PageLoading />
      ) : addresses.isError ? (
        <LoadFailed onRetry={() => void addresses.refetch()} />
      ) : editing ? (
        <AddressForm
          key={editing === 'new' ? 'new' : editing.id}
          editing={editing === 'new' ? null : editing}
          onDone={() => setEditing(null)}
        />
      ) : (
        <>
          {addresses.data.length === 0 ? (
            <p className="empty">
              <FormattedMessage id="address.none" />
            </p>
          ) : (
            <ul className="card-list">
              {addresses.data.map((address) => (
                <li key={address.id}>
                  <AddressCard address={address} onEdit={() => setEditing(address)} />
                </li>
              ))}
            </ul>
          )}
          <button type="button" className="button button-primary" onClick={() => setEditing('new')}>
            <FormattedMessage id="address.add" />
          </button>
        </>
      )}
    </section>
  );
}
