import { useQuery } from '@tanstack/react-query';
import { Form, Modal } from 'antd';
import { useState } from 'react';
import { useIntl } from 'react-intl';
import { AppError, Code, pickText } from '@shop/contract';
import type { AdminShippingZone, Locale } from '@shop/contract';
import { showErrorToast } from '../../../app/toast.ts';
import { FORM_CALL, showFormErrors } from '../../../components/form-errors.ts';
import { regionsQuery } from '../../../features/account/queries.ts';
import { LocalizedFields } from '../../../features/catalog/localized-fields.tsx';
import { ShippingMethodsEditor } from './shipping-methods-editor.tsx';
import { ShippingPlacesEditor } from './shipping-places-editor.tsx';
import { shippingZonesApi } from './shipping-query.ts';
import { serverFields, toBody, toFormValues } from './shipping-values.ts';
import type { ZoneFormValues } from './shipping-values.ts';

interface ZoneFormModalProps {
  /** The zone edited, or null to add one. */
  zone: AdminShippingZone | null;
  open: boolean;
  /** The shop's currency: fees and value limits are typed in its major units. */
  currency: string;
  /** The shop's default language: a name in it is required (shoppers fall back to it). */
  shopDefault: Locale;
  onClose: () => void;
  /** The reply's list of zones after the save, and the saved zone's name in the UI language. */
  onSaved: (zones: AdminShippingZone[], name: string) => void;
  /** After the zone was deleted meanwhile: the page reads the list again. */
  onGone: () => void;
  afterClose: () => void;
}

/**
 * Add or edit a shipping zone: a name per language, its places (countries, or states and provinces) and its
 * methods. An edited method is sent back with its id, so that it keeps it (an order in checkout may have chosen
 * it). Field messages from the server (a place another zone has, bands out of order) show under their fields.
 */
export function ShippingZoneFormModal({
  zone,
  open,
  currency,
  shopDefault,
  onClose,
  onSaved,
  onGone,
  afterClose,
}: ZoneFormModalProps) {
  const intl = useIntl();
  const locale = intl.locale as Locale;
  const t = (id: string, values?: Record<string, string | number>) => intl.formatMessage({ id }, values);
  const [form] = Form.useForm<ZoneFormValues>();
  const [saving, setSaving] = useState(false);
  const regions = useQuery(regionsQuery(locale));
  const zoneName = zone ? pickText(zone.names, locale, shopDefault) : '';

  const submit = async () => {
    // The whole store, not only the mounted fields: methods' ids have no input of their own.
    const body = toBody(form.getFieldsValue(true) as ZoneFormValues, currency);
    setSaving(true);
    try {
      const list = zone
        ? await shippingZonesApi.update(zone.id, body, { handles: [Code.validation, Code.notFound] })
        : await shippingZonesApi.create(body, FORM_CALL);
      onSaved(list, pickText(body.names, locale, shopDefault));
    } catch (error) {
      if (error instanceof AppError && error.code === Code.notFound) {
        showErrorToast(error.message);
        onGone();
      } else {
        showFormErrors(form, serverFields(error, shopDefault));
      }
    } finally {
      setSaving(false);
    }
  };

  return (
    <Modal
      open={open}
      title={zone ? t('shipping.form.editTitle', { name: zoneName }) : t('shipping.form.addTitle')}
      width={760}
      okText={zone ? t('common.save') : t('shipping.form.add')}
      cancelText={t('common.cancel')}
      confirmLoading={saving}
      onOk={() => form.submit()}
      onCancel={onClose}
      afterClose={afterClose}
      destroyOnHidden
      maskClosable={false}
    >
      <Form<ZoneFormValues>
        form={form}
        layout="vertical"
        initialValues={toFormValues(zone, currency)}
        onFinish={() => void submit()}
        onValuesChange={(changed: Partial<ZoneFormValues>) => {
          // A refusal of the places as a whole (one is another zone's) no longer holds once they change.
          if (changed.places) form.setFields([{ name: ['places'], errors: [] }]);
        }}
        scrollToFirstError
        className="shipping-form"
      >
        <LocalizedFields
          name={['names']}
          label={t('shipping.field.name')}
          shopDefault={shopDefault}
          maxLength={40}
        />
        <ShippingPlacesEditor form={form} regions={regions.data} loading={regions.isPending} />
        <ShippingMethodsEditor form={form} currency={currency} shopDefault={shopDefault} />
      </Form>
    </Modal>
  );
}
