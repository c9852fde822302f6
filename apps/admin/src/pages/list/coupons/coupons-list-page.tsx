import { PlusOutlined } from '@ant-design/icons';
import { ModalForm, PageContainer, ProCard } from '@ant-design/pro-components';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { Badge, Button, Form, InputNumber, List, Popconfirm, Progress, Radio, Space, Typography } from 'antd';
import { useState } from 'react';
import { useIntl } from 'react-intl';
import { useNavigate } from 'react-router';
import { couponStatusValues, MAX_COUPON_TOTAL } from '@shop/contract';
import type { AdminCoupon, CouponStatus, Locale } from '@shop/contract';
import { adminApi } from '../../../api.ts';
import { showSuccessToast } from '../../../app/toast.ts';
import { ExceptionPanel } from '../../../components/exception-panel.tsx';
import { FORM_CALL, showFormErrors } from '../../../components/form-errors.ts';
import { formatMoney } from '../../../features/shop/money.ts';
import { describeAmounts } from '../../form/coupon/coupon-amounts-fields.tsx';
import '../../../features/catalog/catalog.css';

const COUPONS_KEY = ['admin', 'catalog', 'coupons'] as const;
const PAGE_SIZE = 10;

const STATUS_BADGES: Record<CouponStatus, 'success' | 'processing' | 'warning' | 'default'> = {
  active: 'success',
  upcoming: 'processing',
  soldOut: 'warning',
  ended: 'default',
};

/** The template's basic list over coupon campaigns: status, claimed of total, end early, change the total. */
export default function CouponsListPage() {
  const intl = useIntl();
  const locale = intl.locale as Locale;
  const t = (id: string, values?: Record<string, string | number>) => intl.formatMessage({ id }, values);
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [status, setStatus] = useState<CouponStatus | 'all'>('all');
  const [page, setPage] = useState(1);
  const [changing, setChanging] = useState<AdminCoupon | null>(null);
  const [form] = Form.useForm<{ total: number }>();
  const list = useQuery({
    queryKey: [...COUPONS_KEY, status, page],
    queryFn: ({ signal }) =>
      adminApi.http.list<AdminCoupon>(
        '/admin/coupons',
        { page, pageSize: PAGE_SIZE, ...(status !== 'all' && { status }) },
        { signal },
      ),
    placeholderData: keepPreviousData,
  });

  const refresh = () => queryClient.invalidateQueries({ queryKey: COUPONS_KEY });
  const endEarly = async (coupon: AdminCoupon) => {
    await adminApi.http.post(`/admin/coupons/${encodeURIComponent(coupon.id)}/end`, {});
    showSuccessToast(t('coupons.ended', { title: coupon.title }));
    await refresh();
  };
  const changeTotal = async ({ total }: { total: number }) => {
    if (!changing) return true;
    try {
      await adminApi.http.put(
        `/admin/coupons/${encodeURIComponent(changing.id)}/total`,
        { total },
        FORM_CALL,
      );
      showSuccessToast(t('common.saved'));
      await refresh();
      return true;
    } catch (error) {
      showFormErrors(form, error);
      return false;
    }
  };

  const discount = (c: AdminCoupon) =>
    c.kind === 'amount'
      ? t('coupons.discount.amount', { amount: formatMoney(c.value, c.currency, locale) })
      : t('coupons.discount.percent', { percent: c.value });
  const minimum = (c: AdminCoupon) =>
    c.minSpend > 0
      ? t('coupons.minSpend', { amount: formatMoney(c.minSpend, c.currency, locale) })
      : t('coupons.noMinimum');
  const when = (iso: string) => intl.formatDate(iso, { dateStyle: 'medium', timeStyle: 'short' });

  if (list.error) return <ExceptionPanel status="500" onRetry={() => void list.refetch()} />;
  return (
    <PageContainer
      title={t('coupons.title')}
      content={t('coupons.description')}
      extra={
        <Button type="primary" icon={<PlusOutlined />} onClick={() => void navigate('/form/coupon')}>
          {t('coupons.new')}
        </Button>
      }
    >
      <ProCard
        bordered
        title={<h2 className="catalog-card-title">{t('coupons.listTitle')}</h2>}
        extra={
          <Radio.Group
            aria-label={t('coupons.filter')}
            value={status}
            optionType="button"
            onChange={(e) => {
              setStatus(e.target.value as CouponStatus | 'all');
              setPage(1);
            }}
            options={[
              { value: 'all', label: t('coupons.status.all') },
              ...couponStatusValues.map((s) => ({ value: s, label: t(`coupons.status.${s}`) })),
            ]}
          />
        }
      >
        <List<AdminCoupon>
          loading={list.isFetching}
          itemLayout="vertical"
          locale={{ emptyText: t('coupons.empty') }}
          dataSource={list.data?.data ?? []}
          pagination={{
            current: page,
            pageSize: PAGE_SIZE,
            total: list.data?.meta.total ?? 0,
            onChange: setPage,
            showSizeChanger: false,
          }}
          renderItem={(c) => {
            const percent = c.total > 0 ? Math.round((c.claimed / c.total) * 100) : 0;
            return (
              <List.Item
                key={c.id}
                actions={[
                  <Button
                    key="total"
                    type="link"
                    size="small"
                    disabled={c.status === 'ended'}
                    onClick={() => setChanging(c)}
                    aria-label={t('coupons.changeTotalNamed', { title: c.title })}
                  >
                    {t('coupons.changeTotal')}
                  </Button>,
                  <Popconfirm
                    key="end"
                    title={t('coupons.endConfirm', { title: c.title })}
                    description={t('coupons.endHint')}
                    okText={t('coupons.end')}
                    cancelText={t('common.cancel')}
                    okButtonProps={{ danger: true }}
                    onConfirm={() => endEarly(c)}
                    disabled={c.status === 'ended'}
                  >
                    <Button
                      type="link"
                      size="small"
                      danger
                      disabled={c.status === 'ended'}
                      aria-label={t('coupons.endNamed', { title: c.title })}
                    >
                      {t('coupons.end')}
                    </Button>
                  </Popconfirm>,
                ]}
                extra={
                  <div className="catalog-coupon-progress">
                    <Typography.Text>
                      {t('coupons.progress', { claimed: c.claimed, total: c.total })}
                    </Typography.Text>
                    <Progress
                      percent={percent}
                      size="small"
                      status={c.status === 'ended' ? 'normal' : undefined}
                      aria-label={t('coupons.progress', { claimed: c.claimed, total: c.total })}
                    />
                    <Typography.Text type="secondary">
                      {t('coupons.usedRemaining', { used: c.used, remaining: c.remaining })}
                    </Typography.Text>
                  </div>
                }
              >
                <List.Item.Meta
                  title={
                    <Space wrap>
                      <h3 className="catalog-card-title">{c.title}</h3>
                      <Badge status={STATUS_BADGES[c.status]} text={t(`coupons.status.${c.status}`)} />
                    </Space>
                  }
                  description={
                    <Space wrap split="·">
                      <span>{discount(c)}</span>
                      <span>{minimum(c)}</span>
                      {Object.entries(c.amounts).map(([currency, own]) => (
                        <span key={currency}>
                          {t('coupons.amountsIn', {
                            currency,
                            amounts: describeAmounts(intl, currency, own),
                          })}
                        </span>
                      ))}
                      <span>{t('coupons.perUser', { count: c.perUserLimit })}</span>
                    </Space>
                  }
                />
                <Typography.Text type="secondary">
                  {t('coupons.window', { start: when(c.startsAt), end: when(c.endsAt) })}
                </Typography.Text>
              </List.Item>
            );
          }}
        />
      </ProCard>
      <ModalForm<{ total: number }>
        key={changing?.id ?? 'closed'}
        title={t('coupons.changeTotalTitle', { title: changing?.title ?? '' })}
        open={changing !== null}
        form={form}
        initialValues={{ total: changing?.total }}
        onOpenChange={(open) => {
          if (!open) setChanging(null);
        }}
        modalProps={{ destroyOnHidden: true }}
        submitter={{ searchConfig: { submitText: t('common.save'), resetText: t('common.cancel') } }}
        onFinish={changeTotal}
      >
        <Form.Item
          name="total"
          label={t('coupons.field.total')}
          extra={t('coupons.totalHint', { claimed: changing?.claimed ?? 0 })}
          rules={[{ required: true, message: t('coupons.totalRequired') }]}
        >
          <InputNumber min={Math.max(1, changing?.claimed ?? 1)} max={MAX_COUPON_TOTAL} precision={0} />
        </Form.Item>
      </ModalForm>
    </PageContainer>
  );
}
