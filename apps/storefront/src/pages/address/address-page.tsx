import type { Address } from '@shop/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { effects } from '../../api.ts';
import { ActionButton } from '../../components/action-button.tsx';
import { LoadFailed } from '../../components/load-failed.tsx';
import { PageLoading } from '../../components/page-loading.tsx';
import { AddressForm } from './address-form.tsx';
import { ConfirmAction } from '../../features/orders/confirm-action.tsx';
import { useReportFailure } from '../../features/orders/failure.ts';
import { AddressText } from '../../features/orders/order-parts.tsx';
import { ADDRESSES_KEY, useAddresses } from '../../features/orders/queries.ts';
import { moveFocus } from '../../features/navigation/focus.ts';
import { useSignedInShopper } from '../../features/session/use-shopper.ts';
import { showToast } from '../../features/toast/toast-store.ts';

/** The body that saves `address` unchanged but for `change`. */
const bodyOf = (address: Address, change: Partial<Address> = {}) => {
  const { name, phone, regionCodes, detail, postcode, cpf, isDefault } = { ...address, ...change };
  return { name, phone, regionCodes, detail, postcode, cpf, isDefault };
};

/** What each card's buttons say they act on: "Delete address Ana Lima, São Paulo". */
const aboutAddress = (address: Address) => ({
  name: address.name,
  place: address.regionNames[2] ?? address.regionNames.at(-1) ?? address.detail,
});

/** The first button of an address's card (its Edit), once the list shows it. */
const cardButton = (id: string) => `article[aria-labelledby="address-${id}"] button`;

/** After a card goes, the keyboard continues on the next card (else the one before, else "Add an address"). */
function focusAfterRemoving(card: HTMLElement | null) {
  const item = card?.closest('li');
  const next = item?.nextElementSibling ?? item?.previousElementSibling;
  moveFocus(next?.querySelector<HTMLElement>('button'), '#address-add');
}

function AddressCard({ address, onEdit }: { address: Address; onEdit: () => void }) {
  const intl = useIntl();
  const about = aboutAddress(address);
  const titleId = `address-${address.id}`;
  const queryClient = useQueryClient();
  const onError = useReportFailure();
  const refresh = () => queryClient.invalidateQueries({ queryKey: ADDRESSES_KEY });
  const remove = useMutation({
    mutationFn: () => effects.removeAddress(address.id),
    onSuccess: async () => {
      focusAfterRemoving(document.getElementById(titleId));
      await refresh();
      showToast(intl.formatMessage({ id: 'address.removed' }), { tone: 'success', mask: false });
    },
    onError,
  });
  const makeDefault = useMutation({
    mutationFn: () => effects.updateAddress(address.id, bodyOf(address, { isDefault: true })),
    onSuccess: async () => {
      await refresh();
      // "Make default" is gone from the card now: the keyboard stays on the card, on its first button.
      moveFocus(cardButton(address.id), '#address-add');
    },
    onError,
  });
  const busy = remove.isPending || makeDefault.isPending;
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
        <ActionButton
          type="button"
          className="button"
          busy={busy}
          aria-label={intl.formatMessage({ id: 'address.editOf' }, about)}
          onClick={onEdit}
        >
          <FormattedMessage id="address.edit" />
        </ActionButton>
        {!address.isDefault && (
          <ActionButton
            type="button"
            className="button"
            busy={busy}
            aria-label={intl.formatMessage({ id: 'address.setDefaultOf' }, about)}
            onClick={() => makeDefault.mutate()}
          >
            <FormattedMessage id="address.setDefault" />
          </ActionButton>
        )}
        <ConfirmAction
          label={<FormattedMessage id="address.remove" />}
          name={intl.formatMessage({ id: 'address.removeOf' }, about)}
          question={<FormattedMessage id="address.removeQuestion" />}
          confirmLabel={<FormattedMessage id="address.removeConfirm" />}
          keepLabel={<FormattedMessage id="address.keep" />}
          busy={busy}
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
  // Back on the list, the keyboard continues from the card just saved or left (its Edit button), else from the
  // list's main action, rather than the top of the page.
  const close = (id?: string) => {
    setEditing(null);
    moveFocus(id && cardButton(id), '#address-add');
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
          onSaved={(saved) => close(saved.id)}
          onCancel={() => close(editing === 'new' ? undefined : editing.id)}
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
