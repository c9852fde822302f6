import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { Button, Col, Form, Row, Select, Typography } from 'antd';
import type { FormInstance } from 'antd';
import { useMemo } from 'react';
import { useIntl } from 'react-intl';
import { serverMessages } from '@shop/contract';
import type { Locale, Region } from '@shop/contract';
import { newPlace } from './shipping-values.ts';
import type { ZoneFormValues } from './shipping-values.ts';

/** As many as the API takes. */
const MAX_PLACES = 300;

interface PlacesEditorProps {
  form: FormInstance<ZoneFormValues>;
  /** The region tree in the UI language: countries, their states and provinces below. */
  regions: readonly Region[] | undefined;
  loading: boolean;
}

/**
 * The zone's places: a country each, and optionally one of its states or provinces. Messages about the places as
 * a whole (one already in another zone) show under the group.
 */
export function ShippingPlacesEditor({ form, regions, loading }: PlacesEditorProps) {
  const intl = useIntl();
  const t = (id: string, values?: Record<string, string | number>) => intl.formatMessage({ id }, values);
  const texts = serverMessages[intl.locale as Locale];
  const countries = useMemo(
    () =>
      (regions ?? []).map((region) => ({
        value: region.code,
        label: intl.formatMessage({ id: 'shipping.countryOption' }, { name: region.name, code: region.code }),
      })),
    [regions, intl],
  );

  return (
    <Form.List name="places">
      {(places, { add, remove }, { errors }) => (
        <fieldset className="shipping-group" aria-describedby="shipping-places-hint">
          <legend className="shipping-legend">{t('shipping.field.places')}</legend>
          <Typography.Paragraph type="secondary" id="shipping-places-hint">
            {t('shipping.field.placesHint')}
          </Typography.Paragraph>
          {places.map((place, index) => (
            <Row key={place.key} gutter={12} wrap={false} align="top">
              <Col flex="auto">
                <Row gutter={12}>
                  <Col xs={24} sm={12}>
                    <Form.Item
                      name={[place.name, 'country']}
                      label={t('shipping.place.country', { index: index + 1 })}
                      // A validator, not `required`: antd would put aria-required on the select's box, which has no role.
                      rules={[
                        {
                          validator: (_: unknown, value: unknown) =>
                            value
                              ? Promise.resolve()
                              : Promise.reject(new Error(texts['validation.market.country'])),
                        },
                      ]}
                    >
                      <Select
                        showSearch
                        optionFilterProp="label"
                        options={countries}
                        loading={loading}
                        onChange={() => form.setFieldValue(['places', place.name, 'region'], '')}
                      />
                    </Form.Item>
                  </Col>
                  <Col xs={24} sm={12}>
                    <RegionField form={form} place={place.name} index={index} regions={regions} />
                  </Col>
                </Row>
              </Col>
              <Col flex="none">
                <Button
                  type="text"
                  danger
                  icon={<DeleteOutlined />}
                  disabled={places.length === 1}
                  onClick={() => remove(place.name)}
                  aria-label={t('shipping.place.remove', { index: index + 1 })}
                  className="shipping-row-button"
                />
              </Col>
            </Row>
          ))}
          <Form.ErrorList errors={errors} />
          <Button
            icon={<PlusOutlined />}
            disabled={places.length >= MAX_PLACES}
            onClick={() => add(newPlace())}
            className="shipping-add-band"
          >
            {t('shipping.place.add')}
          </Button>
        </fieldset>
      )}
    </Form.List>
  );
}

/** A place's state or province, among its country's; "Whole country" (`''`) by default. */
function RegionField({
  form,
  place,
  index,
  regions,
}: {
  form: FormInstance<ZoneFormValues>;
  place: number;
  index: number;
  regions: readonly Region[] | undefined;
}) {
  const intl = useIntl();
  const country = Form.useWatch(['places', place, 'country'], form) as string | undefined;
  const states = regions?.find((region) => region.code === country)?.children ?? [];
  const options = [
    { value: '', label: intl.formatMessage({ id: 'shipping.place.whole' }) },
    ...states.map((state) => ({ value: state.code, label: state.name })),
  ];
  return (
    <Form.Item
      name={[place, 'region']}
      label={intl.formatMessage({ id: 'shipping.place.region' }, { index: index + 1 })}
    >
      {/* Never disabled: antd's greyed-out text fails contrast; without states "Whole country" is the one option. */}
      <Select showSearch optionFilterProp="label" options={options} />
    </Form.Item>
  );
}
