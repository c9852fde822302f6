import { AppstoreOutlined, DeleteOutlined, EditOutlined, PlusOutlined } from '@ant-design/icons';
import { ModalForm, PageContainer } from '@ant-design/pro-components';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import {
  Button,
  Card,
  Empty,
  Form,
  InputNumber,
  List,
  Popconfirm,
  Select,
  Space,
  Tag,
  Typography,
} from 'antd';
import { useState } from 'react';
import { useIntl } from 'react-intl';
import { pickText } from '@shop/contract';
import type { AdminCategory, CategoryInputBody, Locale, LocalizedText } from '@shop/contract';
import { adminApi } from '../../../api.ts';
import { showSuccessToast } from '../../../app/toast.ts';
import { ExceptionPanel } from '../../../components/exception-panel.tsx';
import { FORM_CALL, showFormErrors } from '../../../components/form-errors.ts';
import { PageLoading } from '../../../components/page-loading.tsx';
import { ImagesInput } from '../../../features/catalog/images-input.tsx';
import { cleanTexts, LocalizedFields } from '../../../features/catalog/localized-fields.tsx';
import { CATALOG_KEY, categoriesQuery } from '../../../features/catalog/queries.ts';
import { shopQuery } from '../../../features/shop/queries.ts';
import '../../../features/catalog/catalog.css';

interface CategoryFormValues {
  name: LocalizedText;
  parentId: string;
  icon: string[];
  sort: number;
}

/** What the modal edits: a new category (under `parentId`, or top-level) or an existing one. */
type Editing = { category: AdminCategory } | { parentId: string | null } | null;

const TOP_LEVEL = '';

/** The template's card list over the categories: one card per top-level category with its subcategories. */
export default function CategoriesListPage() {
  const intl = useIntl();
  const locale = intl.locale as Locale;
  const t = (id: string, values?: Record<string, string | number>) => intl.formatMessage({ id }, values);
  const queryClient = useQueryClient();
  const categories = useQuery(categoriesQuery);
  const shop = useQuery(shopQuery(locale));
  const [editing, setEditing] = useState<Editing>(null);
  const [form] = Form.useForm<CategoryFormValues>();
  const shopDefault = shop.data?.defaultLocale ?? locale;
  const nameOf = (c: AdminCategory) => pickText(c.name, locale, shopDefault);

  if (categories.error || shop.error) {
    return (
      <ExceptionPanel
        status="500"
        onRetry={() => {
          void categories.refetch();
          void shop.refetch();
        }}
      />
    );
  }
  if (!categories.data || !shop.data) return <PageLoading />;
  const tree = categories.data;

  const remove = async (category: AdminCategory) => {
    await adminApi.http.delete<null>(`/admin/categories/${encodeURIComponent(category.id)}`);
    showSuccessToast(t('categories.deleted', { name: nameOf(category) }));
    await queryClient.invalidateQueries({ queryKey: CATALOG_KEY });
  };

  const save = async (values: CategoryFormValues): Promise<boolean> => {
    const body: CategoryInputBody = {
      name: cleanTexts(values.name),
      parentId: values.parentId || null,
      icon: values.icon[0] ?? '',
      sort: values.sort ?? 0,
    };
    try {
      if (editing && 'category' in editing) {
        await adminApi.http.put(
          `/admin/categories/${encodeURIComponent(editing.category.id)}`,
          body,
          FORM_CALL,
        );
      } else {
        await adminApi.http.post('/admin/categories', body, FORM_CALL);
      }
      showSuccessToast(t('common.saved'));
      await queryClient.invalidateQueries({ queryKey: CATALOG_KEY });
      return true;
    } catch (error) {
      showFormErrors(form, error);
      return false;
    }
  };

  const editingCategory = editing && 'category' in editing ? editing.category : null;
  const initial: CategoryFormValues = editingCategory
    ? {
        name: editingCategory.name,
        parentId: editingCategory.parentId ?? TOP_LEVEL,
        icon: editingCategory.icon ? [editingCategory.icon] : [],
        sort: editingCategory.sort,
      }
    : {
        name: {},
        parentId: (editing && 'parentId' in editing && editing.parentId) || TOP_LEVEL,
        icon: [],
        sort: 0,
      };
  // A parent must be top-level and not the category itself; a category with children stays top-level.
  const parentChoices = tree.filter((c) => c.id !== editingCategory?.id);
  const mayMove = !editingCategory || editingCategory.children.length === 0;

  const icon = (c: AdminCategory) =>
    c.icon ? (
      <img className="catalog-category-icon" src={c.icon} alt="" />
    ) : (
      <AppstoreOutlined className="catalog-category-icon" aria-hidden />
    );

  const deleteButton = (c: AdminCategory, size?: 'small') => (
    <Popconfirm
      key="delete"
      title={t('categories.deleteConfirm', { name: nameOf(c) })}
      description={t('categories.deleteHint')}
      okText={t('common.delete')}
      cancelText={t('common.cancel')}
      okButtonProps={{ danger: true }}
      onConfirm={() => remove(c)}
    >
      <Button
        type="text"
        size={size}
        danger
        icon={<DeleteOutlined />}
        aria-label={t('categories.deleteNamed', { name: nameOf(c) })}
      />
    </Popconfirm>
  );

  return (
    <PageContainer
      title={t('categories.title')}
      content={t('categories.description')}
      extra={
        <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing({ parentId: null })}>
          {t('categories.new')}
        </Button>
      }
    >
      {tree.length === 0 ? (
        <Empty description={t('categories.empty')} />
      ) : (
        <List<AdminCategory>
          grid={{ gutter: 16, xs: 1, sm: 1, md: 2, lg: 2, xl: 3, xxl: 4 }}
          dataSource={tree}
          renderItem={(c) => (
            <List.Item>
              <Card
                title={
                  <Space>
                    {icon(c)}
                    <h2 className="catalog-card-title">{nameOf(c)}</h2>
                  </Space>
                }
                actions={[
                  <Button
                    key="edit"
                    type="text"
                    icon={<EditOutlined />}
                    onClick={() => setEditing({ category: c })}
                    aria-label={t('categories.editNamed', { name: nameOf(c) })}
                  >
                    {t('common.edit')}
                  </Button>,
                  <Button
                    key="add"
                    type="text"
                    icon={<PlusOutlined />}
                    onClick={() => setEditing({ parentId: c.id })}
                    aria-label={t('categories.addChildNamed', { name: nameOf(c) })}
                  >
                    {t('categories.addChild')}
                  </Button>,
                  deleteButton(c),
                ]}
              >
                <Space wrap>
                  <Tag>{t('categories.goodsCount', { count: c.goodsCount })}</Tag>
                  <Tag>{t('categories.childCount', { count: c.children.length })}</Tag>
                </Space>
                {c.children.length > 0 && (
                  <ul
                    className="catalog-children"
                    aria-label={t('categories.childrenOf', { name: nameOf(c) })}
                  >
                    {c.children.map((child) => (
                      <li key={child.id}>
                        <Space>
                          {child.icon && <img className="catalog-thumb" src={child.icon} alt="" />}
                          <Typography.Text>{nameOf(child)}</Typography.Text>
                          <Typography.Text type="secondary">
                            {t('categories.goodsCount', { count: child.goodsCount })}
                          </Typography.Text>
                        </Space>
                        <Space size={0}>
                          <Button
                            type="text"
                            size="small"
                            icon={<EditOutlined />}
                            onClick={() => setEditing({ category: child })}
                            aria-label={t('categories.editNamed', { name: nameOf(child) })}
                          />
                          {deleteButton(child, 'small')}
                        </Space>
                      </li>
                    ))}
                  </ul>
                )}
              </Card>
            </List.Item>
          )}
        />
      )}
      <ModalForm<CategoryFormValues>
        key={editingCategory?.id ?? (editing && 'parentId' in editing ? `new-${editing.parentId}` : 'closed')}
        title={t(editingCategory ? 'categories.editTitle' : 'categories.newTitle')}
        open={editing !== null}
        form={form}
        initialValues={initial}
        onOpenChange={(open) => {
          if (!open) setEditing(null);
        }}
        modalProps={{ destroyOnHidden: true, okText: t('common.save'), cancelText: t('common.cancel') }}
        submitter={{ searchConfig: { submitText: t('common.save'), resetText: t('common.cancel') } }}
        onFinish={save}
      >
        <LocalizedFields
          name={['name']}
          label={t('categories.name')}
          shopDefault={shopDefault}
          maxLength={60}
          compact={false}
        />
        <Form.Item
          name="parentId"
          label={t('categories.parent')}
          extra={mayMove ? undefined : t('categories.parentLocked')}
        >
          <Select
            disabled={!mayMove}
            options={[
              { value: TOP_LEVEL, label: t('categories.topLevel') },
              ...parentChoices.map((c) => ({ value: c.id, label: nameOf(c) })),
            ]}
          />
        </Form.Item>
        <Form.Item name="icon" label={t('categories.icon')}>
          <ImagesInput max={1} label={t('categories.uploadIcon')} />
        </Form.Item>
        <Form.Item name="sort" label={t('categories.sort')} extra={t('categories.sortHint')}>
          <InputNumber min={-100000} max={100000} precision={0} />
        </Form.Item>
      </ModalForm>
    </PageContainer>
  );
}
