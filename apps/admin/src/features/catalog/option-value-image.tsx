import { Form } from 'antd';
import { useIntl } from 'react-intl';
import { ImagesInput } from './images-input.tsx';

/**
 * An option value's own picture (colour "Red" → the red one): at most one, uploaded like the goods' pictures.
 * The form holds it as a URL or null; the picture list input works on arrays.
 */
export function OptionValueImage({
  name,
  option,
  index,
}: {
  name: (string | number)[];
  option: number;
  index: number;
}) {
  const intl = useIntl();
  const label = intl.formatMessage({ id: 'goodsLanguages.valueImage' }, { option, index });
  return (
    <Form.Item
      name={name}
      label={label}
      extra={intl.formatMessage({ id: 'goodsLanguages.valueImageHint' })}
      getValueProps={(value: string | null | undefined) => ({ value: value ? [value] : [] })}
      normalize={(value: string[]) => value[0] ?? null}
    >
      <ImagesInput max={1} label={label} />
    </Form.Item>
  );
}
