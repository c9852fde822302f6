import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { Button, Card, Form, Input, Space, Typography } from 'antd';
import { useIntl } from 'react-intl';
import { MAX_GOODS_OPTIONS, MAX_OPTION_VALUES } from '@shop/contract';
import type { Locale } from '@shop/contract';
import { LocalizedFields } from '../../../features/catalog/localized-fields.tsx';
import { OptionValueImage } from '../../../features/catalog/option-value-image.tsx';
import { newOptionId } from './goods-form-values.ts';

/**
 * The goods' options (colour, size…) and their values, each named in the four locales. Every change regenerates
 * the SKU table below: one SKU per combination of values.
 */
export function OptionsEditor({ shopDefault }: { shopDefault: Locale }) {
  const intl = useIntl();
  const t = (id: string, values?: Record<string, string | number>) => intl.formatMessage({ id }, values);
  return (
    <Form.List name="options">
      {(options, { add, remove }) => (
        <Space direction="vertical" size="middle" style={{ width: '100%' }}>
          {options.length === 0 && (
            <Typography.Text type="secondary">{t('goods.options.none')}</Typography.Text>
          )}
          {options.map((option, o) => (
            <Card
              key={option.key}
              size="small"
              title={<h3 className="catalog-card-title">{t('goods.options.option', { index: o + 1 })}</h3>}
              extra={
                <Button
                  type="text"
                  danger
                  icon={<DeleteOutlined />}
                  onClick={() => remove(option.name)}
                  aria-label={t('goods.options.removeOption', { index: o + 1 })}
                />
              }
            >
              <Form.Item name={[option.name, 'id']} hidden>
                <Input />
              </Form.Item>
              <LocalizedFields
                name={[option.name, 'name']}
                label={t('goods.options.optionName', { index: o + 1 })}
                shopDefault={shopDefault}
                maxLength={40}
              />
              <Form.List name={[option.name, 'values']}>
                {(values, valueOps) => (
                  <>
                    {values.map((value, v) => (
                      <div key={value.key} className="catalog-option-value">
                        <Form.Item name={[value.name, 'id']} hidden>
                          <Input />
                        </Form.Item>
                        <Space align="start" style={{ width: '100%' }} className="catalog-option-value-row">
                          <div style={{ flex: 1 }}>
                            <LocalizedFields
                              name={[value.name, 'name']}
                              label={t('goods.options.valueName', { option: o + 1, index: v + 1 })}
                              shopDefault={shopDefault}
                              maxLength={40}
                            />
                            <OptionValueImage name={[value.name, 'image']} option={o + 1} index={v + 1} />
                          </div>
                          <Button
                            type="text"
                            danger
                            icon={<DeleteOutlined />}
                            disabled={values.length === 1}
                            onClick={() => valueOps.remove(value.name)}
                            aria-label={t('goods.options.removeValue', { option: o + 1, index: v + 1 })}
                            style={{ marginTop: 30 }}
                          />
                        </Space>
                      </div>
                    ))}
                    <Button
                      icon={<PlusOutlined />}
                      disabled={values.length >= MAX_OPTION_VALUES}
                      onClick={() => valueOps.add({ id: newOptionId('v'), name: {} })}
                    >
                      {t('goods.options.addValue', { index: o + 1 })}
                    </Button>
                  </>
                )}
              </Form.List>
            </Card>
          ))}
          <Button
            type="dashed"
            icon={<PlusOutlined />}
            disabled={options.length >= MAX_GOODS_OPTIONS}
            onClick={() =>
              add({ id: newOptionId('o'), name: {}, values: [{ id: newOptionId('v'), name: {} }] })
            }
          >
            {t('goods.options.addOption')}
          </Button>
        </Space>
      )}
    </Form.List>
  );
}
