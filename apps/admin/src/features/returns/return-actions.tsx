import { CheckOutlined, CloseOutlined, InboxOutlined, RollbackOutlined } from '@ant-design/icons';
import { ModalForm } from '@ant-design/pro-components';
import { useQueryClient } from '@tanstack/react-query';
import { Button, Flex, Form, Input, InputNumber, Switch, Typography } from 'antd';
import type { FormInstance } from 'antd';
import type { ReactNode } from 'react';
import { useIntl } from 'react-intl';
import { AppError, Code } from '@shop/contract';
import type { AdminReturn } from '@shop/contract';
import { adminApi } from '../../api.ts';
import { showSuccessToast } from '../../app/toast.ts';
import { FORM_CALL, showFormErrors } from '../../components/form-errors.ts';
import { useFormat } from '../orders/format.ts';
import { RefundStatusBadge } from '../orders/refunds-table.tsx';
import { ORDERS_AREA_KEY } from '../orders/queries.ts';
import { currencyDigits, toMajor, toMinor } from '../shop/money.ts';

type Step = 'approve' | 'reject' | 'receive' | 'refund';

/**
 * Sends one step of a return from its dialog; resolves `true` when the dialog should close. Field messages stay
 * under their fields; a refusal (code 2: the return moved on meanwhile) was a toast: the dialog closes and the
 * queue reloads.
 */
function useReturnStep(item: AdminReturn, step: Step, form: FormInstance, onDone: () => void) {
  const intl = useIntl();
  const queryClient = useQueryClient();
  return async (body: object): Promise<boolean> => {
    try {
      await adminApi.http.post<AdminReturn>(
        `/admin/returns/${encodeURIComponent(item.id)}/${step}`,
        body,
        FORM_CALL,
      );
      showSuccessToast(intl.formatMessage({ id: `returns.${step}.done` }, { number: item.orderNumber }));
      await queryClient.invalidateQueries({ queryKey: ORDERS_AREA_KEY });
      onDone();
      return true;
    } catch (error) {
      showFormErrors(form, error);
      if (error instanceof AppError && error.code !== Code.validation) {
        onDone();
        return true;
      }
      return false;
    }
  };
}

interface StepProps {
  item: AdminReturn;
  /** Called after the step went through (or was refused because the return changed): the queue reloads. */
  onDone: () => void;
}

function StepDialog<Values extends object>({
  item,
  step,
  icon,
  form,
  danger,
  onFinish,
  children,
}: {
  item: AdminReturn;
  step: Step;
  icon: ReactNode;
  form: FormInstance<Values>;
  danger?: boolean;
  onFinish: (values: Values) => Promise<boolean>;
  children: ReactNode;
}) {
  const intl = useIntl();
  const t = (id: string, values?: Record<string, string>) => intl.formatMessage({ id }, values);
  const number = item.orderNumber;
  return (
    <ModalForm<Values>
      title={t(`returns.${step}.title`, { number })}
      form={form}
      width={520}
      trigger={
        <Button size="small" danger={danger} icon={icon}>
          {t(`returns.action.${step}`)}
        </Button>
      }
      modalProps={{ destroyOnHidden: true }}
      submitter={{
        searchConfig: { submitText: t(`returns.${step}.submit`), resetText: t('common.cancel') },
        submitButtonProps: { danger },
      }}
      onFinish={onFinish}
    >
      {children}
    </ModalForm>
  );
}

/** A new return: approve it, with an optional message to the shopper. */
export function ApproveReturnButton({ item, onDone }: StepProps) {
  const intl = useIntl();
  const [form] = Form.useForm<{ message?: string }>();
  const send = useReturnStep(item, 'approve', form, onDone);
  return (
    <StepDialog
      item={item}
      step="approve"
      icon={<CheckOutlined aria-hidden />}
      form={form}
      onFinish={({ message }) => send(message?.trim() ? { message: message.trim() } : {})}
    >
      <Form.Item name="message" label={intl.formatMessage({ id: 'returns.field.message' })}>
        <Input.TextArea maxLength={500} showCount autoSize={{ minRows: 2, maxRows: 5 }} />
      </Form.Item>
    </StepDialog>
  );
}

/** A new return: reject it, telling the shopper why. */
export function RejectReturnButton({ item, onDone }: StepProps) {
  const intl = useIntl();
  const t = (id: string) => intl.formatMessage({ id });
  const [form] = Form.useForm<{ message?: string }>();
  const send = useReturnStep(item, 'reject', form, onDone);
  return (
    <StepDialog
      item={item}
      step="reject"
      icon={<CloseOutlined aria-hidden />}
      form={form}
      danger
      onFinish={({ message }) => send({ message: (message ?? '').trim() })}
    >
      <Form.Item
        name="message"
        label={t('returns.field.message')}
        extra={t('returns.reject.hint')}
        rules={[{ required: true, whitespace: true, message: t('returns.reject.messageRequired') }]}
      >
        <Input.TextArea maxLength={500} showCount autoSize={{ minRows: 2, maxRows: 5 }} />
      </Form.Item>
    </StepDialog>
  );
}

/** An approved return whose parcel arrived: per line, whether its units go back on sale. */
export function ReceiveReturnButton({ item, onDone }: StepProps) {
  const intl = useIntl();
  const t = (id: string, values?: Record<string, string | number>) => intl.formatMessage({ id }, values);
  const [form] = Form.useForm<{ restock: boolean[] }>();
  const send = useReturnStep(item, 'receive', form, onDone);
  return (
    <StepDialog
      item={item}
      step="receive"
      icon={<InboxOutlined aria-hidden />}
      form={form}
      onFinish={({ restock }) =>
        send({
          lines: item.lines.map((line, i) => ({ lineId: line.lineId, restock: restock?.[i] ?? false })),
        })
      }
    >
      <Typography.Paragraph>{t('returns.receive.hint')}</Typography.Paragraph>
      {item.lines.map((line, index) => {
        const name = [line.name, ...line.options].join(' / ');
        return (
          <Flex key={line.lineId} gap="small" align="center" wrap style={{ marginBottom: 12 }}>
            <Form.Item name={['restock', index]} valuePropName="checked" initialValue={true} noStyle>
              <Switch aria-label={t('refunds.restockOf', { name })} />
            </Form.Item>
            <span aria-hidden>{t('returns.receive.line', { name, count: line.quantity })}</span>
          </Flex>
        );
      })}
    </StepDialog>
  );
}

/** A received return: refund it, by default the value of its units, never more than the order has left. */
export function RefundReturnButton({ item, onDone }: StepProps) {
  const intl = useIntl();
  const { money } = useFormat();
  const t = (id: string, values?: Record<string, string>) => intl.formatMessage({ id }, values);
  const [form] = Form.useForm<{ amount?: number | null }>();
  const send = useReturnStep(item, 'refund', form, onDone);
  const { currency } = item;
  const digits = currencyDigits(currency);
  const max = toMajor(item.refundable, currency);
  return (
    <StepDialog
      item={item}
      step="refund"
      icon={<RollbackOutlined aria-hidden />}
      form={form}
      danger
      onFinish={({ amount }) => send({ amount: toMinor(amount ?? 0, currency) })}
    >
      <Typography.Paragraph>
        {t('returns.refund.hint', {
          value: money(item.amount, currency),
          left: money(item.refundable, currency),
        })}
      </Typography.Paragraph>
      <Form.Item
        name="amount"
        label={t('refunds.amount')}
        initialValue={toMajor(Math.min(item.amount, item.refundable), currency)}
        rules={[
          { required: true, message: t('refunds.amountRequired') },
          {
            validator: async (_, value: number | null | undefined) => {
              if (value == null) return;
              if (value <= 0) throw new Error(t('refunds.amountRequired'));
              if (value > max) {
                throw new Error(t('refunds.amountTooHigh', { amount: money(item.refundable, currency) }));
              }
            },
          },
        ]}
      >
        <InputNumber
          min={0}
          max={max}
          precision={digits}
          addonAfter={currency}
          style={{ width: '100%', maxWidth: 260 }}
        />
      </Form.Item>
    </StepDialog>
  );
}

/** The buttons a return offers in its status. */
export function ReturnActions(props: StepProps) {
  switch (props.item.status) {
    case 'new':
      return (
        <Flex gap="small" wrap>
          <ApproveReturnButton {...props} />
          <RejectReturnButton {...props} />
        </Flex>
      );
    case 'approved':
      return <ReceiveReturnButton {...props} />;
    case 'received':
      // Refunded already: the provider has not confirmed yet (the return becomes `refunded` when it does).
      return props.item.refundId ? <RefundStatusBadge status="pending" /> : <RefundReturnButton {...props} />;
    default:
      return null;
  }
}
