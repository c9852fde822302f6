import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { FooterToolbar, ProCard } from '@ant-design/pro-components';
import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Card, Empty, Form, Select, Space, Tabs, Typography } from 'antd';
import type { FormInstance } from 'antd';
import { useState } from 'react';
import { useIntl } from 'react-intl';
import {
  AppError,
  Code,
  MAX_SYNONYM_GROUPS,
  MAX_SYNONYMS_PER_GROUP,
  SUPPORTED_LOCALES,
} from '@shop/contract';
import type { Locale, SearchSynonyms, SearchSynonymsInput } from '@shop/contract';
import { adminApi } from '../../../api.ts';
import { LOCALE_LABELS } from '../../../app/locale.ts';
import { showErrorToast, showSuccessToast } from '../../../app/toast.ts';
import { ExceptionPanel } from '../../../components/exception-panel.tsx';
import { FORM_CALL, showFormErrors } from '../../../components/form-errors.ts';
import { PageLoading } from '../../../components/page-loading.tsx';

export const synonymsQuery = queryOptions({
  queryKey: ['admin', 'search', 'synonyms'],
  queryFn: ({ signal }) => adminApi.search.synonyms.get({ signal }),
});

interface SynonymsFormValues {
  groups: Record<Locale, string[][]>;
}

const toForm = (synonyms: SearchSynonyms): SynonymsFormValues => ({
  groups: Object.fromEntries(
    SUPPORTED_LOCALES.map((locale) => [locale, synonyms.groups[locale] ?? []]),
  ) as Record<Locale, string[][]>,
});

/** Words split where a shopper's query would split them: spaces and commas (Latin and Chinese). */
const WORD_SEPARATORS = [' ', ',', '，', '、', ';', '；'];

/**
 * The search tab of the settings page: the synonym groups of each language as rows of words (tags), saved
 * together with `PUT /v1/admin/search/synonyms`. The server checks every word; its messages (`groups.en-US.3.1`)
 * go under the group holding the word, and the language tab with a problem is opened.
 */
export function SearchSettings() {
  const synonyms = useQuery(synonymsQuery);
  if (synonyms.error instanceof AppError && synonyms.error.code === Code.forbidden) {
    return <ExceptionPanel status="403" />;
  }
  if (synonyms.error) return <ExceptionPanel status="500" onRetry={() => void synonyms.refetch()} />;
  if (!synonyms.data) return <PageLoading />;
  return <SynonymsForm synonyms={synonyms.data} />;
}

function SynonymsForm({ synonyms }: { synonyms: SearchSynonyms }) {
  const intl = useIntl();
  const t = (id: string, values?: Record<string, string | number>) => intl.formatMessage({ id }, values);
  const queryClient = useQueryClient();
  const [form] = Form.useForm<SynonymsFormValues>();
  const [saving, setSaving] = useState(false);
  const [language, setLanguage] = useState<Locale>((intl.locale as Locale) ?? 'en-US');
  const [updatedAt, setUpdatedAt] = useState(synonyms.updatedAt);

  const submit = async () => {
    // Rows left empty are dropped before sending, so the server's row numbers are the form's.
    const all = form.getFieldsValue(true) as SynonymsFormValues;
    const groups = Object.fromEntries(
      SUPPORTED_LOCALES.map((locale) => [
        locale,
        (all.groups?.[locale] ?? [])
          .map((group) => (group ?? []).map((word) => word.trim()).filter(Boolean))
          .filter((group) => group.length > 0),
      ]),
    ) as SearchSynonymsInput['groups'];
    form.setFieldsValue({ groups });
    setSaving(true);
    try {
      const saved = await adminApi.search.synonyms.put({ groups }, FORM_CALL);
      queryClient.setQueryData(synonymsQuery.queryKey, saved);
      form.setFieldsValue(toForm(saved));
      clearErrors(form);
      setUpdatedAt(saved.updatedAt);
      showSuccessToast(t('synonyms.saved'));
    } catch (error) {
      const fields = groupFields(error, groups, t);
      showFormErrors(form, fields);
      openFirstProblem(fields, setLanguage, t);
    } finally {
      setSaving(false);
    }
  };

  return (
    <Form<SynonymsFormValues>
      form={form}
      layout="vertical"
      initialValues={toForm(synonyms)}
      onFinish={() => void submit()}
      // A group's message from the server is about the words it had: changing them takes it away.
      onValuesChange={(changed: Partial<SynonymsFormValues>) => clearErrors(form, changed)}
    >
      <ProCard title={<h2 className="catalog-card-title">{t('synonyms.title')}</h2>} bordered>
        <Typography.Paragraph type="secondary">
          {updatedAt
            ? t('synonyms.updatedAt', {
                time: intl.formatDate(updatedAt, { dateStyle: 'medium', timeStyle: 'short' }),
              })
            : t('synonyms.neverSaved')}
        </Typography.Paragraph>
        <Tabs
          activeKey={language}
          onChange={(key) => setLanguage(key as Locale)}
          aria-label={t('synonyms.languages')}
          items={SUPPORTED_LOCALES.map((locale) => ({
            key: locale,
            label: <LanguageTabLabel form={form} locale={locale} />,
            // Every language stays in the form (and is sent) whichever tab is open.
            forceRender: true,
            children: <LanguageGroups locale={locale} />,
          }))}
        />
      </ProCard>
      <FooterToolbar>
        <Button onClick={() => form.resetFields()}>{t('settings.reset')}</Button>
        {/* The toolbar is portalled out of the <form>, so its button submits through the form instance. */}
        <Button type="primary" loading={saving} onClick={() => form.submit()}>
          {t('common.save')}
        </Button>
      </FooterToolbar>
    </Form>
  );
}

function LanguageTabLabel({ form, locale }: { form: FormInstance<SynonymsFormValues>; locale: Locale }) {
  const intl = useIntl();
  const groups = Form.useWatch(['groups', locale], form) as string[][] | undefined;
  return (
    <span lang={locale}>
      {intl.formatMessage(
        { id: 'synonyms.languageTab' },
        { language: LOCALE_LABELS[locale], count: groups?.length ?? 0 },
      )}
    </span>
  );
}

/** One language's groups: each a row of words with a button that removes it, and one that adds a row. */
function LanguageGroups({ locale }: { locale: Locale }) {
  const intl = useIntl();
  const t = (id: string, values?: Record<string, string | number>) => intl.formatMessage({ id }, values);
  return (
    <Form.List name={['groups', locale]}>
      {(groups, { add, remove }) => (
        <Space direction="vertical" size="small" style={{ width: '100%' }}>
          {groups.length === 0 && (
            <Empty
              image={Empty.PRESENTED_IMAGE_SIMPLE}
              description={t('synonyms.empty', { language: LOCALE_LABELS[locale] })}
            />
          )}
          {groups.map((group, index) => (
            <Card key={group.key} size="small">
              <div style={{ display: 'flex', gap: 8, alignItems: 'center' }}>
                <Form.Item
                  name={group.name}
                  label={t('synonyms.group', { index: index + 1 })}
                  extra={index === groups.length - 1 ? t('synonyms.groupHint') : undefined}
                  style={{ flex: 1, minWidth: 0, marginBottom: 0 }}
                >
                  <Select
                    mode="tags"
                    tokenSeparators={WORD_SEPARATORS}
                    maxCount={MAX_SYNONYMS_PER_GROUP}
                    notFoundContent={null}
                    suffixIcon={null}
                    open={false}
                    // Enter makes the typed word a tag; it must not also save the form.
                    onInputKeyDown={(event) => {
                      if (event.key === 'Enter') event.preventDefault();
                    }}
                    style={{ width: '100%' }}
                  />
                </Form.Item>
                <Button
                  type="text"
                  danger
                  icon={<DeleteOutlined />}
                  onClick={() => remove(group.name)}
                  aria-label={t('synonyms.removeGroup', { index: index + 1 })}
                />
              </div>
            </Card>
          ))}
          <Button
            type="dashed"
            icon={<PlusOutlined />}
            disabled={groups.length >= MAX_SYNONYM_GROUPS}
            onClick={() => add([])}
          >
            {t('synonyms.addGroup')}
          </Button>
        </Space>
      )}
    </Form.List>
  );
}

/** Takes the messages off the groups that `changed` touches, or off every field. */
function clearErrors(form: FormInstance, changed?: Partial<SynonymsFormValues>): void {
  const touched = (name: (string | number)[]) => {
    if (!changed) return true;
    const [, locale, row] = name;
    const groups = changed.groups?.[locale as Locale];
    return typeof row === 'number' && groups !== undefined && groups[row] !== undefined;
  };
  form.setFields(
    form
      .getFieldsError()
      .filter((field) => field.errors.length > 0 && touched(field.name))
      .map((field) => ({ name: field.name, errors: [] })),
  );
}

/**
 * The server names a word by its place (`groups.en-US.3.1`); the form shows a group as one field, so the message
 * goes under the group (`groups.en-US.3`), quoting the word it is about.
 */
function groupFields(
  error: unknown,
  groups: SearchSynonymsInput['groups'],
  t: (id: string, values?: Record<string, string | number>) => string,
): unknown {
  if (!(error instanceof AppError) || !error.fields) return error;
  const fields: Record<string, string> = {};
  for (const [name, message] of Object.entries(error.fields)) {
    const word = /^(groups\.([^.]+)\.(\d+))\.(\d+)$/.exec(name);
    if (!word) {
      fields[name] ??= message;
      continue;
    }
    const [, group = '', locale = '', row = '', place = ''] = word;
    const text = groups[locale as Locale]?.[Number(row)]?.[Number(place)];
    fields[group] ??= text === undefined ? message : t('synonyms.wordError', { word: text, message });
  }
  return new AppError(error.code, error.message, fields, error.httpStatus);
}

/** After a refused save: the first language with a problem is opened, and the others with one are named. */
function openFirstProblem(
  error: unknown,
  setLanguage: (locale: Locale) => void,
  t: (id: string, values?: Record<string, string | number>) => string,
): void {
  if (!(error instanceof AppError) || error.code !== Code.validation || !error.fields) return;
  const languages = SUPPORTED_LOCALES.filter((locale) =>
    Object.keys(error.fields ?? {}).some((name) => name.startsWith(`groups.${locale}.`)),
  );
  const [first, ...others] = languages;
  if (first) setLanguage(first);
  if (others.length > 0) {
    showErrorToast(
      t('synonyms.invalidTab', { languages: languages.map((l) => LOCALE_LABELS[l]).join(', ') }),
    );
  }
}
