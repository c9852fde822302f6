import { RollbackOutlined } from '@ant-design/icons';
import { ModalForm } from '@ant-design/pro-components';
import { Alert, Button, Flex, Form, Input, InputNumber, Switch, Typography } from 'antd';
import { useIntl } from 'react-intl';
import type { AdminOrderDetail, AdminRefund } from '@shop/contract';
import { adminApi } from '../../api.ts';
import { showSuccessToast } from '../../app/toast.ts';
import { FORM_CALL, showFormErrors } from '../../components/form-errors.ts';
import { currencyDigits, toMajor } from '../shop/money.ts';
import { useFormat } from './format.ts';
import { useOrderChanged } from './order-actions.tsx';
import {
  refundBody,
  suggestedAmount,
  toFormErrors,
  unitsLeft,
  type RefundFormValues,
} from './refund-values.ts';

/**
 * "Refund": any amount up to what is left (filled in with what is left), a reason, and per line the units that
 * go back with whether they return to stock; picking units fills the amount with their value. The refund goes
 * to the payment provider and stays pending until its webhook confirms it: the page polls meanwhile.
 */
export function RefundOrderButton({ order }: { order: AdminOrderDetail }) {
  const intl = useIntl();
  const { money } = useFormat();
  const t = (id: string, values?: Record<string, string | number>) => intl.formatMessage({ id }, values);
  const [form] = Form.useForm<RefundFormValues>();
  const changed = useOrderChanged(order.id);
  const { number } = order;
  const { currency } = order;
  const digits = currencyDigits(currency);
  const refundable = order.actions.refundable;
  const initialValues: RefundFormValues = {
    amount: toMajor(refundable, currency),
    reason: '',
    // Units of an order that has not left the shop go back on the shelf unless staff say otherwise.
    lines: order.lines.map(() => ({ quantity: 0, restock: !order.shipment })),
  };

  const submit = async (values: RefundFormValues): Promise<boolean> => {
    const { body, formIndex } = refundBody(order, values);
    try {
      const refund = await adminApi.http.post<AdminRefund>(
        `/admin/orders/${encodeURIComponent(order.id)}/refunds`,
        body,
        FORM_CALL,
      );
      await changed();
      showSuccessToast(t('refunds.sent', { amount: money(refund.amount, refund.currency), number }));
      return true;
    } catch (error) {
      showFormErrors(form, toFormErrors(error, formIndex));
      return false;
    }
  };

  return (
    <ModalForm<RefundFormValues>
      title={t('refunds.title', { number })}
      form={form}
      width={560}
      initialValues={initialValues}
      trigger={
        <Button danger icon={<RollbackOutlined aria-hidden />}>
          {t('orders.action.refund')}
        </Button>
      }
      modalProps={{ destroyOnHidden: true }}
      submitter={{
        searchConfig: { submitText: t('refunds.submit'), resetText: t('common.cancel') },
        submitButtonProps: { danger: true },
      }}
      onValuesChange={(change: RefundFormValues, all: RefundFormValues) => {
        if (change.lines) form.setFieldValue('amount', suggestedAmount(order, all.lines));
      }}
      onFinish={submit}
    >
      <Alert
        type="info"
        showIcon
        style={{ marginBottom: 16 }}
        message={t('refunds.left', { amount: money(refundable, currency) })}
        description={order.coupon ? t('refunds.couponKept') : undefined}
      />
      <fieldset style={{ border: 0, padding: 0, margin: 0, minWidth: 0 }}>
        <legend>
          <Typography.Text strong>{t('refunds.lines')}</Typography.Text>
        </legend>
        <Typography.Paragraph type="secondary">{t('refunds.linesHint')}</Typography.Paragraph>
        {order.lines.map((line, index) => {
          const left = unitsLeft(line);
          const name = [line.name, ...line.options].join(' / ');
          return (
            <Flex key={line.id} wrap gap="small" align="center" justify="space-between">
              <Form.Item
                name={['lines', index, 'quantity']}
                label={name}
                extra={t('refunds.unitsLeft', { count: left, price: money(line.price, currency) })}
                style={{ flex: '1 1 220px', marginBottom: 12 }}
              >
                <InputNumber min={0} max={left} precision={0} disabled={left === 0} />
              </Form.Item>
              <Flex gap="small" align="center" style={{ marginBottom: 12 }}>
                <Form.Item name={['lines', index, 'restock']} valuePropName="checked" noStyle>
                  <Switch disabled={left === 0} aria-label={t('refunds.restockOf', { name })} />
                </Form.Item>
                <span aria-hidden>{t('refunds.restock')}</span>
              </Flex>
            </Flex>
          );
        })}
      </fieldset>
      <Form.Item
        name="amount"
        label={t('refunds.amount')}
        rules={[
          { required: true, message: t('refunds.amountRequired') },
          {
            validator: async (_, value: number | null | undefined) => {
              if (value == null) return;
              if (value <= 0) throw new Error(t('refunds.amountRequired'));
              if (value > toMajor(refundable, currency)) {
                throw new Error(t('refunds.amountTooHigh', { amount: money(refundable, currency) }));
              }
            },
          },
        ]}
      >
        <InputNumber
          min={0}
          max={toMajor(refundable, currency)}
          precision={digits}
          step={digits > 0 ? 1 / 10 ** digits : 1}
          addonAfter={currency}
          style={{ width: '100%', maxWidth: 260 }}
        />
      </Form.Item>
      <Form.Item
        name="reason"
        label={t('refunds.reason')}
        rules={[{ required: true, whitespace: true, message: t('refunds.reasonRequired') }]}
      >
        <Input.TextArea maxLength={200} showCount autoSize={{ minRows: 2, maxRows: 4 }} />
      </Form.Item>
    </ModalForm>
  );
}
