import { Alert, Form } from 'antd';
import type { FormInstance } from 'antd';
import { useIntl } from 'react-intl';
import { LOCALE_LABELS } from '../../app/locale.ts';
import { missingLanguages } from './missing-languages.ts';

/**
 * A warning, not an error: the goods' translated fields that lack some language, each with those languages.
 * Follows the form as staff type; saving is never blocked by it.
 */
export function MissingLanguagesAlert({ form }: { form: FormInstance }) {
  const intl = useIntl();
  const translations = Form.useWatch('translations', form) as Parameters<
    typeof missingLanguages
  >[0]['translations'];
  const options = Form.useWatch('options', form) as Parameters<typeof missingLanguages>[0]['options'];
  const fields = missingLanguages({ translations, options });
  if (fields.length === 0) return null;
  const list = new Intl.ListFormat(intl.locale, { type: 'conjunction' });
  return (
    <Alert
      type="warning"
      showIcon
      role="status"
      className="missing-languages"
      style={{ marginBottom: 16 }}
      message={intl.formatMessage({ id: 'goodsLanguages.title' })}
      description={
        <>
          <p style={{ margin: '0 0 8px' }}>{intl.formatMessage({ id: 'goodsLanguages.hint' })}</p>
          <ul style={{ margin: 0, paddingInlineStart: 20 }}>
            {fields.map((field) => (
              <li key={`${field.label.id}-${JSON.stringify(field.label.values)}`}>
                {intl.formatMessage(
                  { id: 'goodsLanguages.field' },
                  {
                    field: intl.formatMessage({ id: field.label.id }, field.label.values),
                    languages: list.format(field.missing.map((l) => LOCALE_LABELS[l])),
                  },
                )}
              </li>
            ))}
          </ul>
        </>
      }
    />
  );
}
