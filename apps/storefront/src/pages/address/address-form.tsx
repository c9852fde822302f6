import { cpfProblem, postcodeFormats, postcodeProblem, postcodeRequired, type Address } from '@shop/contract';
import type { Order } from '@shop/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { effects } from '../../api.ts';
import { ActionButton } from '../../components/action-button.tsx';
import { Field, FormError } from '../../components/field.tsx';
import { LoadFailed } from '../../components/load-failed.tsx';
import { PageLoading } from '../../components/page-loading.tsx';
import { useContractText } from '../../features/account/contract-text.ts';
import { defaultCountry, phoneProblem, toInternational } from '../../features/account/phone.ts';
import { PhoneField } from '../../features/account/phone-field.tsx';
import { rules } from '../../features/account/rules.ts';
import { useForm } from '../../features/account/use-form.ts';
import { ADDRESSES_KEY, useRegions } from '../../features/orders/queries.ts';
import { showToast } from '../../features/toast/toast-store.ts';
import { splitPhone } from './phone-parts.ts';
import { firstMissingLevel } from '../../features/address/regions.ts';
import { RegionSelect, useRegionLevels } from '../../features/address/region-select.tsx';

/** An address the form checked and hands over without saving it (a guest checkout's), regions named. */
export type UsedAddress = Order['address'];

/**
 * Adds an address, or edits `editing`: recipient, phone with its country code, region from the cascading
 * selects, street and postcode, and whether it is the default. `onSaved` gets the address as the server
 * stored it. With `onUse` instead, nothing is saved: the checked address (no default to choose) goes to the
 * caller, as a guest checkout keeps it with the order only; `initial` fills the form again.
 */
export function AddressForm({
  formId,
  editing,
  onSaved,
  onUse,
  initial,
  onCancel,
  autoFocus = false,
}: {
  formId: string;
  editing: Address | null;
  onSaved?: (address: Address) => void;
  onUse?: (address: UsedAddress) => void;
  initial?: UsedAddress | null;
  onCancel?: (() => void) | undefined;
  /** Focus the first field once shown: the form was opened by the shopper, not with the page. */
  autoFocus?: boolean;
}) {
  const intl = useIntl();
  const text = useContractText();
  const queryClient = useQueryClient();
  const regions = useRegions();
  const filled = editing ?? initial ?? null;
  const [regionCodes, setRegionCodes] = useState<string[]>(filled?.regionCodes ?? []);
  const regionLevels = useRegionLevels(regions.data ?? [], regionCodes);
  const country = regionCodes[0];
  const postcodeFormat = country ? postcodeFormats[country] : undefined;
  const [regionError, setRegionError] = useState<{ text: string; level: number } | undefined>();
  const [isDefault, setIsDefault] = useState(editing?.isDefault ?? false);
  const phone = filled
    ? splitPhone(filled.phone, defaultCountry(intl.locale))
    : { country: defaultCountry(intl.locale), national: '' };
  const form = useForm(
    formId,
    {
      name: filled?.name ?? '',
      phoneCountry: phone.country,
      phone: phone.national,
      detail: filled?.detail ?? '',
      postcode: filled?.postcode ?? '',
      cpf: filled?.cpf ?? '',
    },
    (v) => {
      const message = (key: ReturnType<typeof rules.required>) => (key ? text(key) : undefined);
      return {
        name: message(rules.required(v.name)),
        phone: message(phoneProblem(v.phone, toInternational(v.phoneCountry, v.phone))),
        detail: message(rules.required(v.detail)),
        postcode: message(postcodeProblem(country, v.postcode.trim())),
        cpf: country === 'BR' ? message(cpfProblem(country, v.cpf.trim())) : undefined,
      };
    },
  );
  const regionId = `${formId}-region`;

  useEffect(() => {
    if (autoFocus) document.getElementById(`${formId}-name`)?.focus();
  }, [autoFocus, formId]);

  const submit = form.onSubmit(async (v) => {
    const missing = regions.data
      ? firstMissingLevel(regionLevels.levels, regionCodes, regionLevels.pending)
      : 0;
    if (missing >= 0) {
      setRegionError({ text: text('validation.required'), level: missing });
      document.getElementById(missing === 0 ? regionId : `${regionId}-${missing}`)?.focus();
      return;
    }
    const body = {
      name: v.name.trim(),
      phone: toInternational(v.phoneCountry, v.phone),
      regionCodes,
      detail: v.detail.trim(),
      postcode: v.postcode.trim(),
      cpf: country === 'BR' ? v.cpf.trim() : '',
      isDefault,
    };
    if (onUse) {
      const { isDefault: _default, ...address } = body;
      const names = regionCodes.map(
        (code, level) => regionLevels.levels[level]?.find((region) => region.code === code)?.name ?? code,
      );
      onUse({ ...address, regionNames: names });
      return;
    }
    const saved = editing ? await effects.updateAddress(editing.id, body) : await effects.createAddress(body);
    await queryClient.invalidateQueries({ queryKey: ADDRESSES_KEY });
    showToast(intl.formatMessage({ id: 'address.saved' }), { tone: 'success', mask: false });
    onSaved?.(saved);
  });

  const titleId = `${formId}-title`;
  return (
    <form onSubmit={submit} noValidate className="form card" aria-labelledby={titleId}>
      <h2 id={titleId}>
        <FormattedMessage id={editing ? 'address.editTitle' : 'address.add'} />
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
          idPrefix={regionId}
          levels={regionLevels.levels}
          value={regionCodes}
          onChange={(codes) => {
            setRegionCodes(codes);
            setRegionError(undefined);
          }}
          error={regionError?.text}
          invalidLevel={regionError?.level}
        />
      )}
      {regionLevels.pending && <PageLoading />}
      {regionLevels.failed && <LoadFailed onRetry={regionLevels.retry} />}
      <Field
        {...form.field('detail')}
        label={<FormattedMessage id="address.detail" />}
        autoComplete="street-address"
        maxLength={200}
      />
      <Field
        {...form.field('postcode')}
        label={
          <FormattedMessage
            id={country && postcodeRequired.has(country) ? 'address.postcodeRequired' : 'address.postcode'}
          />
        }
        hint={
          postcodeFormat && (
            <FormattedMessage id="address.postcodeHint" values={{ example: postcodeFormat.example }} />
          )
        }
        autoComplete="postal-code"
        inputMode={postcodeFormat ? 'numeric' : undefined}
        maxLength={20}
      />
      {country === 'BR' && (
        <Field
          {...form.field('cpf')}
          label={<FormattedMessage id="address.cpf" />}
          hint={<FormattedMessage id="address.cpfHint" />}
          inputMode="numeric"
          maxLength={14}
        />
      )}
      {!onUse && (
        <label className="check">
          <input
            type="checkbox"
            checked={isDefault}
            onChange={(event) => setIsDefault(event.target.checked)}
          />
          <FormattedMessage id="address.makeDefault" />
        </label>
      )}
      <FormError message={form.formError} />
      <p className="actions">
        <ActionButton type="submit" className="button button-primary" busy={form.submitting}>
          <FormattedMessage id={onUse ? 'order.useAddress' : 'address.save'} />
        </ActionButton>
        {onCancel && (
          <button type="button" className="button" onClick={onCancel}>
            <FormattedMessage id="common.cancel" />
          </button>
        )}
      </p>
    </form>
  );
}

export default AddressForm;
