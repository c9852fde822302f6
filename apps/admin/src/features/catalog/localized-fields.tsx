import { Col, Form, Input, Row } from 'antd';
import type { Rule } from 'antd/es/form';
import { useIntl } from 'react-intl';
import { serverMessages, SUPPORTED_LOCALES } from '@shop/contract';
import type { Locale } from '@shop/contract';
import { LOCALE_LABELS } from '../../app/locale.ts';

interface LocalizedFieldsProps {
  /** Form name path of the `{ 'en-US': …, … }` object. */
  name: (string | number)[];
  /** Translated label of the field, e.g. "Title"; each input is labelled "Title (English)". */
  label: string;
  /** The shop's default locale: its text is required (the storefront falls back to it). */
  shopDefault: Locale | undefined;
  maxLength: number;
  /** Four inputs side by side on wide screens, else one per row. */
  compact?: boolean;
}

/** One text per locale, each a labelled input; the shop's default locale is required. */
export function LocalizedFields({
  name,
  label,
  shopDefault,
  maxLength,
  compact = true,
}: LocalizedFieldsProps) {
  const intl = useIntl();
  const required = (locale: Locale): Rule[] =>
    locale === shopDefault
      ? [
          {
            required: true,
            whitespace: true,
            message: serverMessages[intl.locale as Locale]['validation.defaultLocale'],
          },
        ]
      : [];
  return (
    <Row gutter={12}>
      {SUPPORTED_LOCALES.map((locale) => (
        <Col key={locale} xs={24} md={compact ? 12 : 24} xl={compact ? 6 : 24}>
          <Form.Item
            name={[...name, locale]}
            label={intl.formatMessage(
              { id: 'catalog.localized' },
              { field: label, language: LOCALE_LABELS[locale] },
            )}
            rules={required(locale)}
          >
            <Input maxLength={maxLength} lang={locale} />
          </Form.Item>
        </Col>
      ))}
    </Row>
  );
}

/** A `{ locale: text }` object without blank entries (the API drops them too). */
export function cleanTexts(
  text: Partial<Record<Locale, string | undefined>> | undefined,
): Partial<Record<Locale, string>> {
  return Object.fromEntries(
    Object.entries(text ?? {}).flatMap(([locale, value]) => (value?.trim() ? [[locale, value.trim()]] : [])),
  );
}
