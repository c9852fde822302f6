import { DeleteOutlined, EditOutlined, PlusOutlined } from '@ant-design/icons';
import { PageContainer } from '@ant-design/pro-components';
import { Button, Popconfirm, Space, Typography } from 'antd';
import type { ReactNode } from 'react';
import { useIntl } from 'react-intl';
import { ScrollRegion } from './scroll-region.tsx';

/**
 * A settings list every member of staff reads and admins change (markets, tax rates, shipping zones): the page's
 * title and description, a read-only notice for staff, an Add button for admins, and the table in a scroll region.
 * Texts are the page's own, under `prefix`: `.title`, `.description`, `.readOnly`, `.add`.
 */
export function EditableListPage({
  prefix,
  isAdmin,
  onAdd,
  addDisabled = false,
  table,
  children,
}: {
  prefix: string;
  isAdmin: boolean;
  onAdd: () => void;
  addDisabled?: boolean;
  table: ReactNode;
  /** What the page opens over the list (its form). */
  children?: ReactNode;
}) {
  const intl = useIntl();
  const t = (id: string) => intl.formatMessage({ id: `${prefix}.${id}` });
  return (
    <PageContainer
      title={t('title')}
      content={
        <>
          <Typography.Paragraph>{t('description')}</Typography.Paragraph>
          {!isAdmin && <Typography.Text type="secondary">{t('readOnly')}</Typography.Text>}
        </>
      }
      extra={
        isAdmin && (
          <Button type="primary" icon={<PlusOutlined />} onClick={onAdd} disabled={addDisabled}>
            {t('add')}
          </Button>
        )
      }
    >
      <ScrollRegion label={t('title')}>{table}</ScrollRegion>
      {children}
    </PageContainer>
  );
}

/**
 * A row's Edit and Delete for admins; Delete asks first. The labels name the row, so that a screen reader's list of
 * buttons says which row each acts on.
 */
export function RowEditDelete({
  editLabel,
  deleteLabel,
  confirmTitle,
  confirmHint,
  onEdit,
  onDelete,
  editDisabled = false,
  deletable = true,
}: {
  editLabel: string;
  deleteLabel: string;
  confirmTitle: string;
  confirmHint: string;
  onEdit: () => void;
  onDelete: () => void;
  editDisabled?: boolean;
  deletable?: boolean;
}) {
  const intl = useIntl();
  const t = (id: string) => intl.formatMessage({ id });
  return (
    <Space size={0}>
      <Button
        type="link"
        size="small"
        icon={<EditOutlined />}
        onClick={onEdit}
        disabled={editDisabled}
        aria-label={editLabel}
      >
        {t('common.edit')}
      </Button>
      {deletable && (
        <Popconfirm
          title={confirmTitle}
          description={<div style={{ maxWidth: 320 }}>{confirmHint}</div>}
          okText={t('common.delete')}
          cancelText={t('common.cancel')}
          okButtonProps={{ danger: true }}
          onConfirm={onDelete}
        >
          <Button type="link" size="small" danger icon={<DeleteOutlined />} aria-label={deleteLabel}>
            {t('common.delete')}
          </Button>
        </Popconfirm>
      )}
    </Space>
  );
}
