import type { Address } from '@shop/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { effects } from '../../api.ts';
import { LoadFailed } from '../../components/load-failed.tsx';
import { PageLoading } from '../../components/page-loading.tsx';
import { AddressForm } from './address-form.tsx';
import { ConfirmAction } from '../../features/orders/confirm-action.tsx';
import { useReportFailure } from '../../features/orders/failure.ts';
import { AddressText } from '../../features/orders/order-parts.tsx';
import { ADDRESSES_KEY, useAddresses } from '../../features/orders/queries.ts';
import { useSignedInShopper } from '../../features/session/use-shopper.ts';
import { showToast } from '../../features/toast/toast-store.ts';

/** The body that saves `address` unchanged but for `change`. */
const bodyOf = (address: Address, change: Partial<Address> = {}) => {
  const { name, phone, regionCodes, detail, postcode, isDefault } = { ...address, ...change };
  return { name, phone, regionCodes, detail, postcode, isDefault };
};

function AddressCard({ address, onEdit }: { address: Address; onEdit: () => void }) {
  const intl = useIntl();
  const queryClient = useQueryClient();
  const onError = useReportFailure();
  const refresh = () => queryClient.invalidateQueries({ queryKey: ADDRESSES_KEY });
  const remove = useMutation({
    mutationFn: () => effects.removeAddress(address.id),
    onSuccess: async () => {
      await refresh();
      showToast(intl.formatMessage({ id: 'address.removed' }), { tone: 'success', mask: false });
    },
    onError,
  });
  const makeDefault = useMutation({
    mutationFn: () => effects.updateAddress(address.id, bodyOf(address, { isDefault: true })),
    onSuccess: refresh,
    onError,
  });
  const busy = remove.isPending || makeDefault.isPending;
  const titleId = `address-${address.id}`;
  return (
    <article className="card address-card" aria-labelledby={titleId}>
      <h2 id={titleId} className="visually-hidden">
        <FormattedMessage id="address.cardTitle" values={{ name: address.name }} />
      </h2>
      <p className="address-text">
        <AddressText address={address} />
        {address.isDefault && (
          <span className="badge badge-default">
            <FormattedMessage id="address.default" />
          </span>
        )}
      </p>
      <p className="actions">
        <button type="button" className="button" disabled={busy} onClick={onEdit}>
          <FormattedMessage id="address.edit" />
          <span className="visually-hidden"> {address.name}</span>
        </button>
        {!address.isDefault && (
          <button type="button" className="button" disabled={busy} onClick={() => makeDefault.mutate()}>
            <FormattedMessage id="address.setDefault" />
          </button>
        )}
        <ConfirmAction
          label={<FormattedMessage id="address.remove" />}
          question={<FormattedMessage id="address.removeQuestion" />}
          confirmLabel={<FormattedMessage id="address.removeConfirm" />}
          keepLabel={<FormattedMessage id="address.keep" />}
          disabled={busy}
          onConfirm={() => remove.mutate()}
        />
      </p>
    </article>
  );
}

export default function AddressPage() {
  const shopper = useSignedInShopper();
  const addresses = useAddresses(shopper.id);
  // `null`: the list; `'new'`: adding; an address: editing it.
  const [editing, setEditing] = useState<Address | 'new' | null>(null);
  // Back on the list, the keyboard continues from the list's main action rather than the top of the page.
  const close = () => {
    setEditing(null);
    requestAnimationFrame(() => document.getElementById('address-add')?.focus());
  };

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
          formId="address"
          editing={editing === 'new' ? null : editing}
          autoFocus
          onSaved={close}
          onCancel={close}
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
          <button
            id="address-add"
            type="button"
            className="button button-primary"
            onClick={() => setEditing('new')}
          >
            <FormattedMessage id="address.add" />
          </button>
        </>
      )}
    </section>
  );
}
