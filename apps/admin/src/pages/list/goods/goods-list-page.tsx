import { DownloadOutlined, PlusOutlined, TableOutlined, WarningOutlined } from '@ant-design/icons';
import { PageContainer, ProTable } from '@ant-design/pro-components';
import type { ActionType, ProColumns } from '@ant-design/pro-components';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Badge, Button, Grid, Popconfirm, Space, Tag, Typography } from 'antd';
import type { CheckboxProps } from 'antd';
import type { SortOrder } from 'antd/es/table/interface';
import { useRef, useState } from 'react';
import { useIntl } from 'react-intl';
import { Link, useNavigate } from 'react-router';
import { API_BASE, GOODS_LOW_STOCK_THRESHOLD, imageSrcset } from '@shop/contract';
import type { AdminGoodsRow, AdminGoodsSort, Locale } from '@shop/contract';
import { adminApi } from '../../../api.ts';
import { showSuccessToast } from '../../../app/toast.ts';
import { tableRequest } from '../../../components/table-request.ts';
import { categoryTreeData } from '../../../features/catalog/category-tree.ts';
import { formatMoney, toMinor } from '../../../features/shop/money.ts';
import { CATALOG_KEY, categoriesQuery } from '../../../features/catalog/queries.ts';
import { shopQuery } from '../../../features/shop/queries.ts';
import '../../../features/catalog/catalog.css';
import { ScrollRegion } from '../../../components/scroll-region.tsx';
import { PriceSheetModal } from './price-sheet-modal.tsx';

/** ProTable's column sort as the API's `sort`; the list's own default is newest first. */
function sortOf(sort: Record<string, SortOrder>): AdminGoodsSort | undefined {
  const [field, order] = Object.entries(sort).find(([, o]) => o) ?? [];
  if (!field || !order) return undefined;
  const up = order === 'ascend';
  switch (field) {
    case 'price':
      return up ? 'price_asc' : 'price_desc';
    case 'stock':
      return up ? 'stock_asc' : 'stock_desc';
    case 'sales':
      return 'sales_desc';
    case 'updatedAt':
      return 'updated';
    default:
      return undefined;
  }
}

/** The template's search table over every goods: filters, sort, shelf actions (one or many), CSV export. */
export default function GoodsListPage() {
  const intl = useIntl();
  const navigate = useNavigate();
  const locale = intl.locale as Locale;
  const queryClient = useQueryClient();
  const t = (id: string, values?: Record<string, string | number>) => intl.formatMessage({ id }, values);
  const actionRef = useRef<ActionType>(null);
  const [selected, setSelected] = useState<string[]>([]);
  const [exportQuery, setExportQuery] = useState<Record<string, string | number>>({});
  const [priceSheetOpen, setPriceSheetOpen] = useState(false);
  // On a phone held upright the toolbar's file buttons show their icons only (named for screen readers), so that
  // the toolbar fits the screen.
  const compact = !(Grid.useBreakpoint().sm ?? true);
  const iconOnly = (label: string) => (compact ? { 'aria-label': label, title: label } : { children: label });
  const shop = useQuery(shopQuery(locale));
  const categories = useQuery(categoriesQuery);
  const currency = shop.data?.currency ?? 'USD';
  const shopDefault = shop.data?.defaultLocale ?? locale;

  const changed = async () => {
    await queryClient.invalidateQueries({ queryKey: CATALOG_KEY });
    await actionRef.current?.reload();
  };
  const setShelf = async (ids: string[], onShelf: boolean) => {
    const { updated } = await adminApi.http.post<{ updated: string[] }>('/admin/goods/shelf', {
      ids,
      onShelf,
    });
    showSuccessToast(
      t(onShelf ? 'goods.action.shelved' : 'goods.action.unshelved', { count: updated.length }),
    );
    setSelected([]);
    actionRef.current?.clearSelected?.();
    await changed();
  };
  const remove = async (row: AdminGoodsRow) => {
    await adminApi.http.delete<null>(`/admin/goods/${encodeURIComponent(row.id)}`);
    showSuccessToast(t('goods.action.deleted'));
    await changed();
  };

  const columns: ProColumns<AdminGoodsRow>[] = [
    {
      title: t('goods.field.keyword'),
      dataIndex: 'keyword',
      hideInTable: true,
      fieldProps: { placeholder: t('goods.field.keywordHint') },
    },
    {
      title: t('goods.field.image'),
      dataIndex: 'image',
      hideInSearch: true,
      width: 72,
      render: (_, row) => (
        <img className="catalog-thumb" src={row.image} srcSet={imageSrcset(row.image)} sizes="48px" alt="" />
      ),
    },
    {
      title: t('goods.field.name'),
      dataIndex: 'name',
      hideInSearch: true,
      render: (_, row) => <Link to={`/form/goods/${row.id}`}>{row.name || row.id}</Link>,
    },
    {
      title: t('goods.field.category'),
      dataIndex: 'categoryId',
      valueType: 'treeSelect',
      fieldProps: {
        treeData: categoryTreeData(categories.data ?? [], locale, shopDefault),
        treeDefaultExpandAll: true,
        showSearch: true,
        treeNodeFilterProp: 'title',
      },
      render: (_, row) => row.categoryName,
    },
    {
      title: t('goods.field.price'),
      dataIndex: 'price',
      hideInSearch: true,
      sorter: true,
      align: 'right',
      render: (_, row) => (
        <Space direction="vertical" size={0} align="end">
          <span>{formatMoney(row.price, row.currency, locale)}</span>
          {row.originalPrice !== null && (
            <Typography.Text delete type="secondary">
              {formatMoney(row.originalPrice, row.currency, locale)}
            </Typography.Text>
          )}
        </Space>
      ),
    },
    {
      title: t('goods.field.priceRange'),
      dataIndex: 'priceRange',
      valueType: 'digitRange',
      hideInTable: true,
      search: {
        transform: (range: [number | null | undefined, number | null | undefined]) => ({
          ...(range?.[0] != null && { minPrice: toMinor(range[0], currency) }),
          ...(range?.[1] != null && { maxPrice: toMinor(range[1], currency) }),
        }),
      },
    },
    {
      title: t('goods.field.stock'),
      dataIndex: 'stock',
      hideInSearch: true,
      sorter: true,
      align: 'right',
      render: (_, row) => (
        <Space>
          {row.stock <= GOODS_LOW_STOCK_THRESHOLD && (
            <Tag icon={<WarningOutlined aria-hidden />}>{t('goods.field.lowStock')}</Tag>
          )}
          {row.stock}
        </Space>
      ),
    },
    {
      title: t('goods.field.lowStock'),
      dataIndex: 'lowStock',
      hideInTable: true,
      valueType: 'select',
      valueEnum: { true: { text: t('goods.field.lowStockOnly', { count: GOODS_LOW_STOCK_THRESHOLD }) } },
    },
    {
      title: t('goods.field.sales'),
      dataIndex: 'sales',
      hideInSearch: true,
      sorter: true,
      sortDirections: ['descend'],
      align: 'right',
    },
    {
      title: t('goods.field.status'),
      dataIndex: 'onShelf',
      valueType: 'select',
      valueEnum: {
        true: { text: t('goods.status.on'), status: 'Success' },
        false: { text: t('goods.status.off'), status: 'Default' },
      },
      render: (_, row) => (
        <Badge
          status={row.onShelf ? 'success' : 'default'}
          text={t(row.onShelf ? 'goods.status.on' : 'goods.status.off')}
        />
      ),
    },
    {
      title: t('goods.field.updatedAt'),
      dataIndex: 'updatedAt',
      valueType: 'dateTime',
      hideInSearch: true,
      sorter: true,
      sortDirections: ['descend'],
    },
    {
      title: t('common.actions'),
      valueType: 'option',
      key: 'actions',
      render: (_, row) => [
        <Link
          key="edit"
          to={`/form/goods/${row.id}`}
          aria-label={t('goods.action.editNamed', { name: row.name })}
        >
          {t('common.edit')}
        </Link>,
        <Button
          key="shelf"
          type="link"
          size="small"
          onClick={() => void setShelf([row.id], !row.onShelf)}
          aria-label={t(row.onShelf ? 'goods.action.unshelveNamed' : 'goods.action.shelveNamed', {
            name: row.name,
          })}
        >
          {t(row.onShelf ? 'goods.action.unshelve' : 'goods.action.shelve')}
        </Button>,
        <Popconfirm
          key="delete"
          title={t('goods.action.deleteConfirm')}
          description={t('goods.action.deleteHint')}
          okText={t('common.delete')}
          cancelText={t('common.cancel')}
          okButtonProps={{ danger: true }}
          onConfirm={() => remove(row)}
        >
          <Button
            type="link"
            size="small"
            danger
            aria-label={t('goods.action.deleteNamed', { name: row.name })}
          >
            {t('common.delete')}
          </Button>
        </Popconfirm>,
      ],
    },
  ];

  const exportSearch = new URLSearchParams(
    Object.entries(exportQuery).map(([k, v]) => [k, String(v)]),
  ).toString();
  const exportHref = `${API_BASE}/admin/goods/export${exportSearch ? `?${exportSearch}` : ''}`;
  const priceSheetHref = `${API_BASE}/admin/goods/prices.csv${exportSearch ? `?${exportSearch}` : ''}`;
  return (
    <PageContainer title={t('goods.list.title')} content={t('goods.list.description')}>
      <ProTable<AdminGoodsRow>
        tableViewRender={(_, table) => <ScrollRegion label={t('goods.list.title')}>{table}</ScrollRegion>}
        rowKey="id"
        actionRef={actionRef}
        columns={columns}
        headerTitle={t('goods.list.title')}
        search={{ labelWidth: 'auto', defaultCollapsed: false }}
        pagination={{ defaultPageSize: 20, showSizeChanger: true }}
        request={(params, sort) => {
          const sortValue = sortOf(sort);
          return tableRequest((query) => {
            const { page: _page, pageSize: _size, ...filters } = query;
            setExportQuery({ ...filters, ...(sortValue && { sort: sortValue }) });
            return adminApi.http.list<AdminGoodsRow>('/admin/goods', {
              ...query,
              ...(sortValue && { sort: sortValue }),
            });
          })(params);
        }}
        rowSelection={{
          selectedRowKeys: selected,
          onChange: (keys) => setSelected(keys.map(String)),
          // antd's types leave out the aria attributes its checkbox passes on to the input.
          getCheckboxProps: (row) =>
            ({
              'aria-label': t('goods.list.select', { name: row.name }),
            }) as unknown as Partial<CheckboxProps>,
        }}
        tableAlertRender={() => t('goods.list.selected', { count: selected.length })}
        tableAlertOptionRender={() => (
          <Space>
            <Button size="small" onClick={() => void setShelf(selected, true)}>
              {t('goods.action.shelve')}
            </Button>
            <Button size="small" onClick={() => void setShelf(selected, false)}>
              {t('goods.action.unshelve')}
            </Button>
            <Button size="small" type="link" onClick={() => setSelected([])}>
              {t('goods.list.clearSelection')}
            </Button>
          </Space>
        )}
        toolBarRender={() => [
          <Button
            key="export"
            icon={<DownloadOutlined />}
            href={exportHref}
            download
            {...iconOnly(t('goods.list.export'))}
          />,
          <Button
            key="priceSheet"
            icon={<TableOutlined />}
            onClick={() => setPriceSheetOpen(true)}
            {...iconOnly(t('goods.priceSheet.title'))}
          />,
          <Button
            key="new"
            type="primary"
            icon={<PlusOutlined />}
            onClick={() => void navigate('/form/goods')}
          >
            {t('goods.list.new')}
          </Button>,
        ]}
      />
      <PriceSheetModal
        open={priceSheetOpen}
        downloadHref={priceSheetHref}
        onClose={() => setPriceSheetOpen(false)}
        onApplied={changed}
      />
    </PageContainer>
  );
}
