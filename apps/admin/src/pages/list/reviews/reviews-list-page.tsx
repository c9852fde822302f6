import { CheckOutlined, CloseOutlined, MessageOutlined, ReloadOutlined } from '@ant-design/icons';
import { ModalForm, PageContainer, ProTable } from '@ant-design/pro-components';
import type { ActionType, ProColumns } from '@ant-design/pro-components';
import { Badge, Button, Form, Image, Input, Space, Typography } from 'antd';
import type { BadgeProps } from 'antd';
import { useRef, useState } from 'react';
import { useIntl } from 'react-intl';
import { Link, useSearchParams } from 'react-router';
import { MAX_REVIEW_REPLY, reviewStatusValues } from '@shop/contract';
import type { AdminReview, ReviewStatus } from '@shop/contract';
import { adminApi } from '../../../api.ts';
import { showSuccessToast } from '../../../app/toast.ts';
import { FORM_CALL, showFormErrors } from '../../../components/form-errors.ts';
import { tableRequest } from '../../../components/table-request.ts';
import { useFormat } from '../../../features/orders/format.ts';
import { ScrollRegion } from '../../../components/scroll-region.tsx';

type Tab = ReviewStatus | 'all';

const STATUS_BADGES: Record<ReviewStatus, BadgeProps['status']> = {
  pending: 'warning',
  published: 'success',
  rejected: 'default',
};

/** Publish or reject one review; the queue reloads after it. */
function ModerateButton({
  review,
  action,
  onDone,
}: {
  review: AdminReview;
  action: 'publish' | 'reject';
  onDone: () => void;
}) {
  const intl = useIntl();
  const [busy, setBusy] = useState(false);
  const send = async () => {
    setBusy(true);
    try {
      await adminApi.http.post<AdminReview>(`/admin/reviews/${encodeURIComponent(review.id)}/${action}`, {});
      showSuccessToast(intl.formatMessage({ id: `reviews.admin.${action}.done` }, { title: review.title }));
    } finally {
      setBusy(false);
      onDone();
    }
  };
  return (
    <Button
      size="small"
      danger={action === 'reject'}
      icon={action === 'publish' ? <CheckOutlined aria-hidden /> : <CloseOutlined aria-hidden />}
      loading={busy}
      onClick={() => void send()}
      aria-label={intl.formatMessage({ id: `reviews.admin.${action}.label` }, { title: review.title })}
    >
      {intl.formatMessage({ id: `reviews.admin.${action}` })}
    </Button>
  );
}

/** The shop's public reply under a review, written in a dialog. */
function ReplyButton({ review, onDone }: { review: AdminReview; onDone: () => void }) {
  const intl = useIntl();
  const t = (id: string, values?: Record<string, string>) => intl.formatMessage({ id }, values);
  const [form] = Form.useForm<{ reply: string }>();
  return (
    <ModalForm<{ reply: string }>
      title={t('reviews.admin.reply.title', { title: review.title })}
      form={form}
      width={520}
      initialValues={{ reply: review.reply ?? '' }}
      trigger={
        <Button
          size="small"
          icon={<MessageOutlined aria-hidden />}
          aria-label={t('reviews.admin.reply.label', { title: review.title })}
        >
          {t('reviews.admin.reply')}
        </Button>
      }
      modalProps={{ destroyOnHidden: true }}
      submitter={{
        searchConfig: { submitText: t('reviews.admin.reply.submit'), resetText: t('reviews.admin.cancel') },
      }}
      onFinish={async ({ reply }) => {
        try {
          await adminApi.http.post<AdminReview>(
            `/admin/reviews/${encodeURIComponent(review.id)}/reply`,
            { reply },
            FORM_CALL,
          );
          showSuccessToast(t('reviews.admin.reply.done'));
          onDone();
          return true;
        } catch (error) {
          showFormErrors(form, error);
          return false;
        }
      }}
    >
      <Form.Item
        name="reply"
        label={t('reviews.admin.field.reply')}
        rules={[{ required: true, whitespace: true, message: t('reviews.admin.reply.required') }]}
      >
        <Input.TextArea maxLength={MAX_REVIEW_REPLY} showCount autoSize={{ minRows: 3, maxRows: 8 }} />
      </Form.Item>
    </ModalForm>
  );
}

/**
 * The reviews queue: shoppers' reviews by status (pending first, as they wait for a decision), each with its
 * goods, author, stars, text and photos; staff publish or reject it and may reply in the shop's name.
 */
export default function ReviewsListPage() {
  const intl = useIntl();
  const t = (id: string, values?: Record<string, string | number>) => intl.formatMessage({ id }, values);
  const { dateTime } = useFormat();
  const [params, setParams] = useSearchParams();
  const actionRef = useRef<ActionType>(null);
  const status = params.get('status');
  const tab: Tab = status === 'all' ? 'all' : (reviewStatusValues.find((s) => s === status) ?? 'pending');
  const reload = () => void actionRef.current?.reload();

  const columns: ProColumns<AdminReview>[] = [
    {
      title: t('reviews.admin.field.goods'),
      dataIndex: 'goodsName',
      render: (_, row) => <Link to={`/form/goods/${row.goodsId}`}>{row.goodsName || row.goodsId}</Link>,
    },
    {
      title: t('reviews.admin.field.rating'),
      dataIndex: 'rating',
      render: (_, row) => (
        <span role="img" aria-label={t('reviews.admin.stars', { value: row.rating })}>
          <span aria-hidden="true">{'★'.repeat(row.rating) + '☆'.repeat(5 - row.rating)}</span>
        </span>
      ),
    },
    {
      title: t('reviews.admin.field.review'),
      dataIndex: 'title',
      render: (_, row) => (
        <Space direction="vertical" size={4} style={{ maxWidth: 420 }}>
          <Typography.Text strong>{row.title}</Typography.Text>
          <Typography.Paragraph style={{ marginBottom: 0, whiteSpace: 'pre-line' }}>
            {row.text}
          </Typography.Paragraph>
          {row.photos.length > 0 && (
            <Image.PreviewGroup>
              <Space size={4}>
                {row.photos.map((url, index) => (
                  <Image
                    key={url}
                    src={url}
                    width={56}
                    height={56}
                    style={{ objectFit: 'cover' }}
                    alt={t('reviews.admin.photo', { n: index + 1 })}
                  />
                ))}
              </Space>
            </Image.PreviewGroup>
          )}
          {row.reply && (
            <Typography.Text type="secondary">
              {t('reviews.admin.replied')}: {row.reply}
            </Typography.Text>
          )}
        </Space>
      ),
    },
    {
      title: t('reviews.admin.field.shopper'),
      dataIndex: 'shopper',
      render: (_, row) => (
        <Link to={`/profile/shopper/${row.shopper.id}`}>{row.shopper.nickname || row.shopper.email}</Link>
      ),
    },
    {
      title: t('reviews.admin.field.status'),
      dataIndex: 'status',
      render: (_, row) => (
        <Badge status={STATUS_BADGES[row.status]} text={t(`reviews.admin.status.${row.status}`)} />
      ),
    },
    {
      title: t('reviews.admin.field.createdAt'),
      dataIndex: 'createdAt',
      render: (_, row) => <time dateTime={row.updatedAt}>{dateTime(row.updatedAt)}</time>,
    },
    {
      title: t('reviews.admin.field.actions'),
      valueType: 'option',
      key: 'actions',
      render: (_, row) => (
        <Space wrap>
          {row.status !== 'published' && <ModerateButton review={row} action="publish" onDone={reload} />}
          {row.status !== 'rejected' && <ModerateButton review={row} action="reject" onDone={reload} />}
          <ReplyButton review={row} onDone={reload} />
        </Space>
      ),
    },
  ];

  return (
    <PageContainer title={t('reviews.admin.title')} content={t('reviews.admin.description')}>
      <ProTable<AdminReview>
        tableViewRender={(_, table) => <ScrollRegion label={t('reviews.admin.title')}>{table}</ScrollRegion>}
        rowKey="id"
        actionRef={actionRef}
        columns={columns}
        params={{ tab }}
        search={false}
        options={false}
        pagination={{ defaultPageSize: 20, showSizeChanger: true }}
        request={({ tab: _tab, ...rest }) =>
          tableRequest((query) =>
            adminApi.http.list<AdminReview>('/admin/reviews', {
              ...query,
              ...(tab !== 'all' && { status: tab }),
            }),
          )(rest)
        }
        toolbar={{
          menu: {
            type: 'tab',
            activeKey: tab,
            items: [
              ...reviewStatusValues.map((status) => ({
                key: status,
                label: t(`reviews.admin.status.${status}`),
              })),
              { key: 'all', label: t('reviews.admin.status.all') },
            ],
            onChange: (key) => {
              const next = new URLSearchParams(params);
              next.set('status', String(key ?? 'pending'));
              setParams(next, { replace: true });
            },
          },
        }}
        toolBarRender={() => [
          <Button key="reload" icon={<ReloadOutlined aria-hidden />} onClick={reload}>
            {t('reviews.admin.refresh')}
          </Button>,
        ]}
      />
    </PageContainer>
  );
}
