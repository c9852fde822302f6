import { PageContainer, ProCard } from '@ant-design/pro-components';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Form, Input, Space, Switch, Tabs, TreeSelect } from 'antd';
import { useState } from 'react';
import { useIntl } from 'react-intl';
import { useNavigate, useParams } from 'react-router';
import {
  AppError,
  Code,
  isPlainText,
  MAX_GOODS_DESCRIPTION,
  MAX_GOODS_IMAGES,
  MAX_GOODS_NAME,
  serverMessages,
  SUPPORTED_LOCALES,
} from '@shop/contract';
import type { CallOptions } from '@shop/api-client';
import type { AdminCategory, AdminGoodsDetail, GoodsInputBody, Locale } from '@shop/contract';
import { adminApi } from '../../../api.ts';
import { LOCALE_LABELS } from '../../../app/locale.ts';
import { showErrorToast, showSuccessToast } from '../../../app/toast.ts';
import { ExceptionPanel } from '../../../components/exception-panel.tsx';
import { showFormErrors } from '../../../components/form-errors.ts';
import { PageLoading } from '../../../components/page-loading.tsx';
import { showSubmissionSuccess } from '../../../components/result-panel.tsx';
import { categoryTreeData } from '../../../features/catalog/category-tree.ts';
import { ImagesInput } from '../../../features/catalog/images-input.tsx';
import { cleanTexts } from '../../../features/catalog/localized-fields.tsx';
import { MissingLanguagesAlert } from '../../../features/catalog/missing-languages-alert.tsx';
import { CATALOG_KEY, categoriesQuery, goodsDetailQuery } from '../../../features/catalog/queries.ts';
import { shopQuery } from '../../../features/shop/queries.ts';
import { OptionsEditor } from './options-editor.tsx';
import { otherCurrencies, SkuTable } from './sku-table.tsx';
import { marketsQuery } from '../../list/markets/markets-query.ts';
import { toSkuBodies, toSkuRows, withCurrentStock, type GoodsFormValues } from './goods-form-values.ts';
import '../../../features/catalog/catalog.css';

/** A save's refusals the editor shows itself: field messages under the fields, a stock conflict as an alert. */
const EDITOR_CALL: CallOptions = { handles: [Code.validation, Code.refused] };

/** The goods editor (the template's basic form): new goods at `/form/goods`, an existing one at `/form/goods/:id`. */
export default function GoodsFormPage() {
  const { id } = useParams();
  const intl = useIntl();
  const locale = intl.locale as Locale;
  const shop = useQuery(shopQuery(locale));
  const categories = useQuery(categoriesQuery);
  const detail = useQuery({ ...goodsDetailQuery(id ?? ''), enabled: Boolean(id) });

  if (detail.error instanceof AppError && detail.error.code === Code.notFound)
    return <ExceptionPanel status="404" />;
  const failed = shop.error ?? categories.error ?? detail.error;
  if (failed) {
    return (
      <ExceptionPanel
        status="500"
        onRetry={() => {
          void shop.refetch();
          void categories.refetch();
          if (id) void detail.refetch();
        }}
      />
    );
  }
  if (!shop.data || !categories.data || (id && !detail.data)) return <PageLoading />;
  return (
    <GoodsEditor
      key={id ?? 'new'}
      goods={detail.data ?? null}
      currency={detail.data?.currency ?? shop.data.currency}
      shopDefault={shop.data.defaultLocale}
      categories={categories.data}
    />
  );
}

function initialValues(goods: AdminGoodsDetail | null, currency: string): GoodsFormValues {
  if (!goods) {
    return {
      onShelf: true,
      translations: {},
      images: [],
      options: [],
      skus: [{ key: '', options: [], price: undefined, originalPrice: null, stock: 0, weightGrams: 0 }],
    };
  }
  return {
    categoryId: goods.categoryId,
    onShelf: goods.onShelf,
    translations: goods.translations,
    images: goods.images,
    options: goods.options,
    skus: toSkuRows(goods.skus, currency),
  };
}

interface GoodsEditorProps {
  goods: AdminGoodsDetail | null;
  currency: string;
  shopDefault: Locale;
  categories: AdminCategory[];
}

function GoodsEditor({ goods, currency, shopDefault, categories }: GoodsEditorProps) {
  const intl = useIntl();
  const locale = intl.locale as Locale;
  const t = (id: string, values?: Record<string, string | number>) => intl.formatMessage({ id }, values);
  const texts = serverMessages[locale];
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [form] = Form.useForm<GoodsFormValues>();
  const [tab, setTab] = useState<Locale>(shopDefault);
  const [saving, setSaving] = useState(false);
  /** The server's refusal when stock moved (an order) since the figures were loaded; cleared by reloading them. */
  const [stockConflict, setStockConflict] = useState<string | null>(null);
  const [reloading, setReloading] = useState(false);
  // Other currencies' own prices: the editor works without them while the markets load or if they fail.
  const markets = useQuery(marketsQuery);

  /** Shows the language tab holding the first error, so a message in a hidden tab is not missed. */
  const revealTab = (names: string[]) => {
    const first = names.find((n) => n.startsWith('translations.'));
    const tabLocale = first?.split('.')[1];
    if (tabLocale && (SUPPORTED_LOCALES as readonly string[]).includes(tabLocale))
      setTab(tabLocale as Locale);
  };

  const submit = async (values: GoodsFormValues) => {
    const body: GoodsInputBody = {
      categoryId: values.categoryId ?? '',
      onShelf: values.onShelf,
      translations: Object.fromEntries(
        SUPPORTED_LOCALES.flatMap((l) => {
          const entry = values.translations[l];
          const name = entry?.name?.trim() ?? '';
          const description = entry?.description?.trim() ?? '';
          return name || description ? [[l, { name, description }]] : [];
        }),
      ),
      images: values.images,
      options: (values.options ?? []).map((o) => ({
        id: o.id,
        name: cleanTexts(o.name),
        values: o.values.map((v) => ({
          id: v.id,
          name: cleanTexts(v.name),
          ...(v.image && { image: v.image }),
        })),
      })),
      skus: toSkuBodies(values.skus ?? [], currency),
    };
    setSaving(true);
    setStockConflict(null);
    try {
      const saved = goods
        ? await adminApi.http.put<AdminGoodsDetail>(
            `/admin/goods/${encodeURIComponent(goods.id)}`,
            body,
            EDITOR_CALL,
          )
        : await adminApi.http.post<AdminGoodsDetail>('/admin/goods', body, EDITOR_CALL);
      await queryClient.invalidateQueries({ queryKey: CATALOG_KEY });
      const name = saved.translations[locale]?.name ?? saved.translations[shopDefault]?.name ?? saved.id;
      showSubmissionSuccess(navigate, {
        title: t(goods ? 'goods.form.updated' : 'goods.form.created'),
        details: [
          { label: t('goods.field.name'), value: name },
          { label: t('goods.field.id'), value: saved.id },
        ],
        back: { to: '/list/goods' },
        view: { to: `/form/goods/${saved.id}`, label: t('goods.form.editAgain') },
      });
    } catch (error) {
      if (error instanceof AppError && error.code === Code.refused) {
        // 409 is the one conflict a save can meet: stock moved since it was loaded. It stays on screen with
        // a way out; other refusals are a toast, as everywhere.
        if (error.httpStatus === 409) setStockConflict(error.message);
        else showErrorToast(error.message);
        return;
      }
      showFormErrors(form, error);
      if (error instanceof AppError) revealTab(Object.keys(error.fields ?? {}));
    } finally {
      setSaving(false);
    }
  };

  /** Loads the current stock into the SKU rows, keeping every other edit, so staff can decide again and save. */
  const reloadStock = async () => {
    if (!goods) return;
    setReloading(true);
    try {
      const current = await queryClient.fetchQuery({ ...goodsDetailQuery(goods.id), staleTime: 0 });
      form.setFieldValue('skus', withCurrentStock(form.getFieldValue('skus') ?? [], current.skus));
      setStockConflict(null);
      showSuccessToast(t('goods.form.stockReloaded'));
    } catch (error) {
      // The client showed other failures; a 404 (deleted meanwhile) is left to the caller, so it is said here.
      if (error instanceof AppError && error.code === Code.notFound) showErrorToast(error.message);
    } finally {
      setReloading(false);
    }
  };

  const title = goods
    ? t('goods.form.editTitle', {
        name: goods.translations[locale]?.name ?? goods.translations[shopDefault]?.name ?? goods.id,
      })
    : t('goods.form.newTitle');
  return (
    <PageContainer title={title} content={t('goods.form.description')}>
      <Form<GoodsFormValues>
        form={form}
        layout="vertical"
        initialValues={initialValues(goods, currency)}
        onFinish={(values) => void submit(values)}
        onFinishFailed={({ errorFields }) => revealTab(errorFields.map((f) => f.name.join('.')))}
        scrollToFirstError
      >
        <Space direction="vertical" size="middle" style={{ width: '100%' }}>
          <ProCard title={<h2 className="catalog-card-title">{t('goods.form.basics')}</h2>} bordered>
            <Form.Item
              name="categoryId"
              label={t('goods.field.category')}
              // A validator rather than `required`: antd would put aria-required on the select's wrapper, where it is not allowed.
              rules={[
                {
                  validator: (_: unknown, value: unknown) =>
                    value ? Promise.resolve() : Promise.reject(new Error(t('goods.form.categoryRequired'))),
                },
              ]}
            >
              <TreeSelect
                treeData={categoryTreeData(categories, locale, shopDefault)}
                treeDefaultExpandAll
                showSearch
                treeNodeFilterProp="title"
                placeholder={t('goods.form.categoryHint')}
              />
            </Form.Item>
            <Form.Item name="onShelf" label={t('goods.field.onShelf')} valuePropName="checked">
              <Switch checkedChildren={t('goods.status.on')} unCheckedChildren={t('goods.status.off')} />
            </Form.Item>
          </ProCard>

          <ProCard title={<h2 className="catalog-card-title">{t('goods.form.texts')}</h2>} bordered>
            <MissingLanguagesAlert form={form} />
            <Tabs
              activeKey={tab}
              onChange={(key) => setTab(key as Locale)}
              items={SUPPORTED_LOCALES.map((l) => ({
                key: l,
                forceRender: true,
                label:
                  l === shopDefault
                    ? `${LOCALE_LABELS[l]} · ${t('goods.form.defaultLocale')}`
                    : LOCALE_LABELS[l],
                children: (
                  <div lang={l}>
                    <Form.Item
                      name={['translations', l, 'name']}
                      label={t('catalog.localized', {
                        field: t('goods.field.name'),
                        language: LOCALE_LABELS[l],
                      })}
                      rules={[
                        ...(l === shopDefault
                          ? [
                              {
                                required: true,
                                whitespace: true,
                                message: texts['validation.defaultLocale'],
                              },
                            ]
                          : []),
                        { max: MAX_GOODS_NAME, message: texts['validation.tooLong'] },
                      ]}
                    >
                      <Input maxLength={MAX_GOODS_NAME} />
                    </Form.Item>
                    <Form.Item
                      name={['translations', l, 'description']}
                      label={t('catalog.localized', {
                        field: t('goods.field.description'),
                        language: LOCALE_LABELS[l],
                      })}
                      extra={t('goods.form.descriptionHint')}
                      rules={[
                        {
                          validator: (_, value?: string) =>
                            !value || isPlainText(value)
                              ? Promise.resolve()
                              : Promise.reject(new Error(texts['validation.plainText'])),
                        },
                      ]}
                    >
                      <Input.TextArea rows={5} maxLength={MAX_GOODS_DESCRIPTION} showCount />
                    </Form.Item>
                  </div>
                ),
              }))}
            />
          </ProCard>

          <ProCard title={<h2 className="catalog-card-title">{t('goods.form.images')}</h2>} bordered>
            <Form.Item
              name="images"
              label={t('goods.form.imagesLabel')}
              extra={t('goods.form.imagesHint', { max: MAX_GOODS_IMAGES })}
              rules={[{ type: 'array', min: 1, message: texts['validation.goods.images'] }]}
            >
              <ImagesInput max={MAX_GOODS_IMAGES} label={t('goods.form.upload')} />
            </Form.Item>
          </ProCard>

          <ProCard title={<h2 className="catalog-card-title">{t('goods.form.options')}</h2>} bordered>
            <OptionsEditor shopDefault={shopDefault} />
          </ProCard>

          <ProCard title={<h2 className="catalog-card-title">{t('goods.form.skus')}</h2>} bordered>
            <SkuTable
              form={form}
              currency={currency}
              shopDefault={shopDefault}
              others={otherCurrencies(markets.data ?? [], currency)}
            />
          </ProCard>

          {stockConflict && (
            <Alert
              type="warning"
              showIcon
              message={stockConflict}
              action={
                <Button size="small" onClick={() => void reloadStock()} loading={reloading}>
                  {t('goods.form.reloadStock')}
                </Button>
              }
            />
          )}
          <Space>
            <Button type="primary" htmlType="submit" loading={saving}>
              {t('common.save')}
            </Button>
            <Button onClick={() => void navigate('/list/goods')}>{t('common.cancel')}</Button>
          </Space>
        </Space>
      </Form>
    </PageContainer>
  );
}
