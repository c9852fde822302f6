import { PageContainer, ProTable } from '@ant-design/pro-components';
import type { ProColumns } from '@ant-design/pro-components';
import { useQuery } from '@tanstack/react-query';
import { Table, Typography } from 'antd';
import { useIntl } from 'react-intl';
import type { AuditEntry } from '@shop/contract';
import { adminApi } from '../../../api.ts';
import { tableRequest } from '../../../components/table-request.ts';
import { AuditSentence } from '../../../features/audit/audit-sentence.tsx';
import { diffEntries } from '../../../features/audit/diff.ts';
import type { DiffRow } from '../../../features/audit/diff.ts';
import { ScrollRegion } from '../../../components/scroll-region.tsx';

/** The kinds of record the log can be filtered by (`entity` of `GET /v1/admin/audit`). */
const AUDIT_ENTITIES = [
  'goods',
  'category',
  'coupon',
  'order',
  'return',
  'user',
  'goal',
  'settings',
  'session',
  'market',
  'tax_rate',
  'shipping_zone',
  'price_sheet',
];

/** Before and after of one entry, changed fields first and marked. */
function EntryDiff({ entry }: { entry: AuditEntry }) {
  const intl = useIntl();
  const t = (id: string) => intl.formatMessage({ id });
  const rows = diffEntries(entry.before, entry.after);
  const cell = (value: string | undefined) =>
    value === undefined ? (
      <Typography.Text type="secondary">—</Typography.Text>
    ) : (
      <code className="admin-diff-value">{value}</code>
    );
  return (
    <Table<DiffRow>
      size="small"
      rowKey="path"
      pagination={false}
      dataSource={rows}
      locale={{ emptyText: t('audit.no-details') }}
      rowClassName={(row) => (row.changed ? 'admin-diff-changed' : '')}
      columns={[
        {
          title: t('audit.field'),
          dataIndex: 'path',
          render: (path: string, row) => (
            <span>
              <code>{path}</code>
              {row.changed && <span className="admin-visually-hidden"> ({t('audit.changed')})</span>}
            </span>
          ),
        },
        { title: t('audit.before'), dataIndex: 'before', render: cell },
        { title: t('audit.after'), dataIndex: 'after', render: cell },
      ]}
    />
  );
}

/** The audit log (admins only): who changed what and when, filtered, each entry opening to its before/after. */
export default function AuditPage() {
  const intl = useIntl();
  const t = (id: string) => intl.formatMessage({ id });
  const staff = useQuery({
    queryKey: ['admin', 'staff', 'all'],
    queryFn: ({ signal }) => adminApi.staff.list({ page: 1, pageSize: 100 }, { signal }),
  });

  const columns: ProColumns<AuditEntry>[] = [
    {
      title: t('audit.at'),
      dataIndex: 'at',
      search: false,
      render: (_, entry) => intl.formatDate(entry.at, { dateStyle: 'medium', timeStyle: 'medium' }),
    },
    {
      title: t('audit.actor'),
      dataIndex: 'actorId',
      valueType: 'select',
      fieldProps: {
        showSearch: true,
        optionFilterProp: 'label',
        options: (staff.data?.data ?? []).map((member) => ({
          value: member.id,
          label: member.nickname ? `${member.nickname} <${member.email}>` : member.email,
        })),
      },
      render: (_, entry) => (
        <span title={entry.actor.email}>{entry.actor.nickname || entry.actor.email}</span>
      ),
    },
    {
      title: t('audit.what'),
      dataIndex: 'action',
      search: false,
      render: (_, entry) => <AuditSentence entry={entry} staffPages />,
    },
    {
      title: t('audit.entity'),
      dataIndex: 'entity',
      hideInTable: true,
      valueType: 'select',
      valueEnum: Object.fromEntries(
        AUDIT_ENTITIES.map((entity) => [entity, { text: t(`audit.entity.${entity}`) }]),
      ),
    },
  ];

  return (
    <PageContainer title={t('menu.account.audit')} content={t('audit.description')}>
      <ProTable<AuditEntry>
        tableViewRender={(_, table) => <ScrollRegion label={t('menu.account.audit')}>{table}</ScrollRegion>}
        rowKey="id"
        columns={columns}
        request={tableRequest((query) => adminApi.audit.list(query))}
        pagination={{ defaultPageSize: 20, showSizeChanger: true }}
        search={{ labelWidth: 'auto' }}
        options={{ density: false, setting: false, reload: true }}
        expandable={{ expandedRowRender: (entry) => <EntryDiff entry={entry} /> }}
      />
    </PageContainer>
  );
}
