import {
  ArrowDownOutlined,
  ArrowUpOutlined,
  DeleteOutlined,
  KeyOutlined,
  PlusOutlined,
} from '@ant-design/icons';
import { FooterToolbar, PageContainer, ProCard } from '@ant-design/pro-components';
import type { PageContainerProps } from '@ant-design/pro-components';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Card, Col, Form, Input, InputNumber, Row, Select, Space, Typography } from 'antd';
import { useMemo, useState } from 'react';
import { useIntl } from 'react-intl';
import { useSearchParams } from 'react-router';
import {
  AppError,
  Code,
  isEmail,
  isSafeLink,
  MAX_BANNERS,
  MAX_MONEY,
  serverMessages,
  SUPPORTED_LOCALES,
} from '@shop/contract';
import type { AdminShopSettings, Locale, LocalizedText, ShopSettingsInputBody } from '@shop/contract';
import { adminApi } from '../../../api.ts';
import { LOCALE_LABELS } from '../../../app/locale.ts';
import { showSuccessToast } from '../../../app/toast.ts';
import { ExceptionPanel } from '../../../components/exception-panel.tsx';
import { FORM_CALL, showFormErrors } from '../../../components/form-errors.ts';
import { PageLoading } from '../../../components/page-loading.tsx';
import { ImagesInput } from '../../../features/catalog/images-input.tsx';
import { cleanTexts, LocalizedFields } from '../../../features/catalog/localized-fields.tsx';
import { currencyDigits, toMajor, toMinor } from '../../../features/shop/money.ts';
import { CATALOG_KEY, settingsQuery } from '../../../features/catalog/queries.ts';
import { SHOP_KEY } from '../../../features/shop/queries.ts';
import '../../../features/catalog/catalog.css';
import { SearchSettings } from './search-settings.tsx';

interface SettingsFormValues {
  shopName: LocalizedText;
  logo: string[];
  currency: string;
  defaultLocale: Locale;
  banners: { image: string[]; title: LocalizedText; link: string }[];
  shippingFee: number;
  freeShippingOver: number;
  paymentWindowMinutes: number;
  returnWindowDays: number;
  contact: { email: string; phone: string; address: LocalizedText };
}

function toForm(s: AdminShopSettings): SettingsFormValues {
  return {
    shopName: s.shopName,
    logo: s.logo ? [s.logo] : [],
    currency: s.currency,
    defaultLocale: s.defaultLocale,
    banners: s.banners.map((b) => ({ image: [b.image], title: b.title, link: b.link })),
    shippingFee: toMajor(s.shippingFee, s.currency),
    freeShippingOver: toMajor(s.freeShippingOver, s.currency),
    paymentWindowMinutes: s.paymentWindowMinutes,
    returnWindowDays: s.returnWindowDays,
    contact: s.contact,
  };
}

type SettingsTabs = Pick<PageContainerProps, 'tabList' | 'tabActiveKey' | 'onTabChange'>;

/**
 * The shop settings (admins only: the route and the API both say so) in two tabs: the template's advanced form
 * over the shop's settings, and the search's synonyms (`?tab=search`, so the tab can be linked to).
 */
export default function SettingsFormPage() {
  const intl = useIntl();
  const [params, setParams] = useSearchParams();
  const settings = useQuery(settingsQuery);
  const tab = params.get('tab') === 'search' ? 'search' : 'shop';
  const tabs: SettingsTabs = {
    tabList: [
      { key: 'shop', tab: intl.formatMessage({ id: 'synonyms.tab.shop' }) },
      { key: 'search', tab: intl.formatMessage({ id: 'synonyms.tab.search' }) },
    ],
    tabActiveKey: tab,
    onTabChange: (key) => setParams(key === 'search' ? { tab: 'search' } : {}, { replace: true }),
  };
  if (tab === 'search') {
    return (
      <PageContainer
        title={intl.formatMessage({ id: 'settings.title' })}
        content={intl.formatMessage({ id: 'synonyms.description' })}
        {...tabs}
      >
        <SearchSettings />
      </PageContainer>
    );
  }
  if (settings.error instanceof AppError && settings.error.code === Code.forbidden) {
    return <ExceptionPanel status="403" />;
  }
  if (settings.error) return <ExceptionPanel status="500" onRetry={() => void settings.refetch()} />;
  if (!settings.data) return <PageLoading />;
  return <SettingsForm settings={settings.data} tabs={tabs} />;
}

function SettingsForm({ settings, tabs }: { settings: AdminShopSettings; tabs: SettingsTabs }) {
  const intl = useIntl();
  const locale = intl.locale as Locale;
  const t = (id: string, values?: Record<string, string | number>) => intl.formatMessage({ id }, values);
  const texts = serverMessages[locale];
  const { modal } = App.useApp();
  const queryClient = useQueryClient();
  const [form] = Form.useForm<SettingsFormValues>();
  const [saving, setSaving] = useState(false);
  const currency = (Form.useWatch('currency', form) as string | undefined) ?? settings.currency;
  const shopDefault = (Form.useWatch('defaultLocale', form) as Locale | undefined) ?? settings.defaultLocale;
  const digits = currencyDigits(currency);

  const currencies = useMemo(() => {
    const names = new Intl.DisplayNames([locale], { type: 'currency' });
    const codes = (Intl.supportedValuesOf?.('currency') ?? [settings.currency]) as string[];
    return codes.map((code) => ({ value: code, label: `${code} · ${names.of(code) ?? code}` }));
  }, [locale, settings.currency]);

  const submit = async (values: SettingsFormValues) => {
    const body: ShopSettingsInputBody = {
      shopName: cleanTexts(values.shopName),
      logo: values.logo[0] ?? '',
      currency: values.currency,
      defaultLocale: values.defaultLocale,
      banners: (values.banners ?? []).map((b) => ({
        image: b.image?.[0] ?? '',
        title: cleanTexts(b.title),
        link: b.link?.trim() ?? '',
      })),
      shippingFee: toMinor(values.shippingFee ?? 0, values.currency),
      freeShippingOver: toMinor(values.freeShippingOver ?? 0, values.currency),
      paymentWindowMinutes: values.paymentWindowMinutes,
      returnWindowDays: values.returnWindowDays,
      contact: {
        email: values.contact.email?.trim() ?? '',
        phone: values.contact.phone?.trim() ?? '',
        address: cleanTexts(values.contact.address),
      },
    };
    setSaving(true);
    try {
      const saved = await adminApi.http.put<AdminShopSettings>('/admin/settings', body, FORM_CALL);
      queryClient.setQueryData(settingsQuery.queryKey, saved);
      await queryClient.invalidateQueries({ queryKey: CATALOG_KEY });
      await queryClient.invalidateQueries({ queryKey: SHOP_KEY });
      form.setFieldsValue(toForm(saved));
      showSuccessToast(t('settings.saved'));
    } catch (error) {
      showFormErrors(form, serverFields(error));
    } finally {
      setSaving(false);
    }
  };

  const rotate = () =>
    modal.confirm({
      title: t('settings.webhook.confirmTitle'),
      content: t('settings.webhook.confirmText'),
      okText: t('settings.webhook.rotate'),
      okButtonProps: { danger: true },
      cancelText: t('common.cancel'),
      onOk: async () => {
        const { secret } = await adminApi.http.post<{ secret: string; rotatedAt: string }>(
          '/admin/settings/webhook-secret',
          {},
        );
        modal.success({
          title: t('settings.webhook.rotated'),
          content: (
            <>
              <Typography.Paragraph>{t('settings.webhook.showOnce')}</Typography.Paragraph>
              <Typography.Paragraph copyable={{ text: secret }} className="catalog-secret">
                {secret}
              </Typography.Paragraph>
            </>
          ),
          okText: t('common.close'),
        });
      },
    });

  const money = (name: string, label: string, extra?: string) => (
    <Form.Item
      name={name}
      label={label}
      extra={extra}
      rules={[{ required: true, message: texts['validation.required'] }]}
    >
      <InputNumber min={0} max={toMajor(MAX_MONEY, currency)} precision={digits} addonAfter={currency} />
    </Form.Item>
  );

  return (
    <PageContainer title={t('settings.title')} content={t('settings.description')} {...tabs}>
      <Form<SettingsFormValues>
        form={form}
        layout="vertical"
        initialValues={toForm(settings)}
        onFinish={(values) => void submit(values)}
        scrollToFirstError
      >
        <Space direction="vertical" size="middle" style={{ width: '100%' }}>
          <ProCard title={<h2 className="catalog-card-title">{t('settings.shop')}</h2>} bordered>
            <LocalizedFields
              name={['shopName']}
              label={t('settings.shopName')}
              shopDefault={shopDefault}
              maxLength={60}
            />
            <Row gutter={16}>
              <Col xs={24} md={8}>
                <Form.Item
                  name="defaultLocale"
                  label={t('settings.defaultLocale')}
                  extra={t('settings.defaultLocaleHint')}
                >
                  <Select options={SUPPORTED_LOCALES.map((l) => ({ value: l, label: LOCALE_LABELS[l] }))} />
                </Form.Item>
              </Col>
              <Col xs={24} md={8}>
                <Form.Item
                  name="currency"
                  label={t('settings.currency')}
                  extra={t('settings.currencyHint')}
                  rules={[
                    {
                      validator: (_: unknown, value: unknown) =>
                        value ? Promise.resolve() : Promise.reject(new Error(texts['validation.currency'])),
                    },
                  ]}
                >
                  <Select showSearch optionFilterProp="label" options={currencies} />
                </Form.Item>
              </Col>
              <Col xs={24} md={8}>
                <Form.Item name="logo" label={t('settings.logo')}>
                  <ImagesInput max={1} label={t('settings.uploadLogo')} />
                </Form.Item>
              </Col>
            </Row>
          </ProCard>

          <ProCard title={<h2 className="catalog-card-title">{t('settings.shopping')}</h2>} bordered>
            <Row gutter={16}>
              <Col xs={24} md={8}>
                {money('shippingFee', t('settings.shippingFee'))}
              </Col>
              <Col xs={24} md={8}>
                {money('freeShippingOver', t('settings.freeShippingOver'), t('settings.freeShippingHint'))}
              </Col>
              <Col xs={24} md={8}>
                <Form.Item
                  name="paymentWindowMinutes"
                  label={t('settings.paymentWindow')}
                  extra={t('settings.paymentWindowHint')}
                  rules={[{ required: true, message: texts['validation.required'] }]}
                >
                  <InputNumber min={5} max={7 * 24 * 60} precision={0} addonAfter={t('settings.minutes')} />
                </Form.Item>
              </Col>
              <Col xs={24} md={8}>
                <Form.Item
                  name="returnWindowDays"
                  label={t('settings.returnWindow')}
                  extra={t('settings.returnWindowHint')}
                  rules={[{ required: true, message: texts['validation.required'] }]}
                >
                  <InputNumber min={0} max={365} precision={0} addonAfter={t('settings.days')} />
                </Form.Item>
              </Col>
            </Row>
          </ProCard>

          <ProCard title={<h2 className="catalog-card-title">{t('settings.banners')}</h2>} bordered>
            <Form.List name="banners">
              {(banners, { add, remove, move }) => (
                <Space direction="vertical" size="middle" style={{ width: '100%' }}>
                  {banners.map((banner, index) => (
                    <Card
                      key={banner.key}
                      size="small"
                      title={
                        <h3 className="catalog-card-title">{t('settings.banner', { index: index + 1 })}</h3>
                      }
                      extra={
                        <Space size={0}>
                          <Button
                            type="text"
                            icon={<ArrowUpOutlined />}
                            disabled={index === 0}
                            onClick={() => move(index, index - 1)}
                            aria-label={t('settings.bannerUp', { index: index + 1 })}
                          />
                          <Button
                            type="text"
                            icon={<ArrowDownOutlined />}
                            disabled={index === banners.length - 1}
                            onClick={() => move(index, index + 1)}
                            aria-label={t('settings.bannerDown', { index: index + 1 })}
                          />
                          <Button
                            type="text"
                            danger
                            icon={<DeleteOutlined />}
                            onClick={() => remove(banner.name)}
                            aria-label={t('settings.bannerRemove', { index: index + 1 })}
                          />
                        </Space>
                      }
                    >
                      <Form.Item
                        name={[banner.name, 'image']}
                        label={t('settings.bannerImage')}
                        rules={[{ type: 'array', min: 1, message: texts['validation.media'] }]}
                      >
                        <ImagesInput max={1} label={t('settings.uploadBanner')} />
                      </Form.Item>
                      <LocalizedFields
                        name={[banner.name, 'title']}
                        label={t('settings.bannerTitle')}
                        shopDefault={undefined}
                        maxLength={80}
                      />
                      <Form.Item
                        name={[banner.name, 'link']}
                        label={t('settings.bannerLink')}
                        extra={t('settings.bannerLinkHint')}
                        rules={[
                          {
                            validator: (_, value?: string) =>
                              !value?.trim() || isSafeLink(value.trim())
                                ? Promise.resolve()
                                : Promise.reject(new Error(texts['validation.link'])),
                          },
                        ]}
                      >
                        <Input maxLength={500} />
                      </Form.Item>
                    </Card>
                  ))}
                  <Button
                    type="dashed"
                    icon={<PlusOutlined />}
                    disabled={banners.length >= MAX_BANNERS}
                    onClick={() => add({ image: [], title: {}, link: '/' })}
                  >
                    {t('settings.addBanner')}
                  </Button>
                </Space>
              )}
            </Form.List>
          </ProCard>

          <ProCard title={<h2 className="catalog-card-title">{t('settings.contact')}</h2>} bordered>
            <Row gutter={16}>
              <Col xs={24} md={12}>
                <Form.Item
                  name={['contact', 'email']}
                  label={t('settings.contactEmail')}
                  rules={[
                    {
                      validator: (_, value?: string) =>
                        !value?.trim() || isEmail(value.trim())
                          ? Promise.resolve()
                          : Promise.reject(new Error(texts['validation.email.invalid'])),
                    },
                  ]}
                >
                  <Input type="email" maxLength={254} />
                </Form.Item>
              </Col>
              <Col xs={24} md={12}>
                <Form.Item name={['contact', 'phone']} label={t('settings.contactPhone')}>
                  <Input maxLength={40} />
                </Form.Item>
              </Col>
            </Row>
            <LocalizedFields
              name={['contact', 'address']}
              label={t('settings.contactAddress')}
              shopDefault={undefined}
              maxLength={300}
              compact={false}
            />
          </ProCard>

          <ProCard title={<h2 className="catalog-card-title">{t('settings.security')}</h2>} bordered>
            <Typography.Paragraph>{t('settings.webhook.description')}</Typography.Paragraph>
            <Button danger icon={<KeyOutlined />} onClick={rotate}>
              {t('settings.webhook.rotate')}
            </Button>
          </ProCard>
        </Space>
        <FooterToolbar>
          <Button onClick={() => form.resetFields()}>{t('settings.reset')}</Button>
          {/* The toolbar is portalled out of the <form>: a submit button there would submit nothing. */}
          <Button type="primary" loading={saving} onClick={() => form.submit()}>
            {t('common.save')}
          </Button>
        </FooterToolbar>
      </Form>
    </PageContainer>
  );
}

/** The API's `banners.0.image` and `logo` are single URLs; the form keeps each as a one-item list. */
function serverFields(error: unknown): unknown {
  if (!(error instanceof AppError) || !error.fields) return error;
  const fields = Object.fromEntries(
    Object.entries(error.fields).map(([name, text]) => [
      name.replace(/^(banners\.\d+\.image|logo)\.\d+$/, '$1'),
      text,
    ]),
  );
  return new AppError(error.code, error.message, fields, error.httpStatus);
}
