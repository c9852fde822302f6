import { SendOutlined } from '@ant-design/icons';
import { ModalForm, ProFormText } from '@ant-design/pro-components';
import { useQueryClient } from '@tanstack/react-query';
import { Button, Form, type FormInstance } from 'antd';
import { useIntl } from 'react-intl';
import { AppError, Code, serverMessages, TRACKING_NUMBER_PATTERN } from '@shop/contract';
import type { AdminOrderDetail, Locale, ShipOrderBody } from '@shop/contract';
import { adminApi } from '../../api.ts';
import { showSuccessToast } from '../../app/toast.ts';
import { FORM_CALL, showFormErrors } from '../../components/form-errors.ts';
import { ORDERS_AREA_KEY, orderQuery } from './queries.ts';

/** After a change: the page shows the order the server answered with, and every list refetches. */
export function useOrderChanged(id: string) {
  const queryClient = useQueryClient();
  const ownKey = orderQuery(id).queryKey;
  return async (order?: AdminOrderDetail) => {
    if (order) queryClient.setQueryData(ownKey, order);
    else await queryClient.invalidateQueries({ queryKey: ownKey });
    await queryClient.invalidateQueries({
      queryKey: ORDERS_AREA_KEY,
      predicate: (query) => query.queryKey[2] !== 'order' || query.queryKey[3] !== id,
    });
  };
}

/**
 * Sends a staff action on the order from its dialog's form; resolves `true` when the dialog should close. On
 * success the page shows the order the server answered with and `doneText` as a toast. A refusal (code 2:
 * someone else changed the order meanwhile) was shown as a toast by the client: the dialog closes and the page
 * reloads the order. Field messages (code 1) stay under their fields.
 */
function useOrderAction<Body extends object>(
  order: AdminOrderDetail,
  action: 'ship',
  form: FormInstance,
  doneText: string,
) {
  const changed = useOrderChanged(order.id);
  return async (body: Body): Promise<boolean> => {
    try {
      const updated = await adminApi.http.post<AdminOrderDetail>(
        `/admin/orders/${encodeURIComponent(order.id)}/${action}`,
        body,
        FORM_CALL,
      );
      await changed(updated);
      showSuccessToast(doneText);
      return true;
    } catch (error) {
      showFormErrors(form, error);
      if (error instanceof AppError && error.code !== Code.validation) {
        await changed();
        return true;
      }
      return false;
    }
  };
}

/** "Ship": carrier and tracking number, checked as the server checks them; the shopper is mailed. */
export function ShipOrderButton({ order }: { order: AdminOrderDetail }) {
  const intl = useIntl();
  const t = (id: string, values?: Record<string, string>) => intl.formatMessage({ id }, values);
  const [form] = Form.useForm<ShipOrderBody>();
  const { number } = order;
  const ship = useOrderAction<ShipOrderBody>(order, 'ship', form, t('orders.ship.done', { number }));
  const serverText = serverMessages[intl.locale as Locale];

  return (
    <ModalForm<ShipOrderBody>
      title={t('orders.ship.title', { number })}
      form={form}
      width={480}
      trigger={
        <Button type="primary" icon={<SendOutlined aria-hidden />}>
          {t('orders.action.ship')}
        </Button>
      }
      modalProps={{ destroyOnHidden: true, okButtonProps: { htmlType: 'submit' } }}
      submitter={{ searchConfig: { submitText: t('orders.ship.submit'), resetText: t('common.cancel') } }}
      onFinish={ship}
    >
      <ProFormText
        name="carrier"
        label={t('orders.field.carrier')}
        placeholder={t('orders.ship.carrierHint')}
        fieldProps={{ maxLength: 60, autoComplete: 'off' }}
        rules={[{ required: true, whitespace: true, message: t('orders.ship.carrierRequired') }]}
      />
      <ProFormText
        name="trackingNumber"
        label={t('orders.field.trackingNumber')}
        placeholder={t('orders.ship.trackingHint')}
        fieldProps={{ maxLength: 40, autoComplete: 'off', spellCheck: false }}
        rules={[
          { required: true, whitespace: true, message: t('orders.ship.trackingRequired') },
          {
            validator: async (_, value: string | undefined) => {
              if (value && value.trim() && !TRACKING_NUMBER_PATTERN.test(value.trim())) {
                throw new Error(serverText['validation.trackingNumber']);
              }
            },
          },
        ]}
      />
    </ModalForm>
  );
}
