import { useMemo } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { countryChoices } from './phone.ts';

interface PhoneFieldProps {
  id: string;
  country: string;
  onCountry: (country: string) => void;
  value: string;
  onValue: (value: string) => void;
  onBlur: () => void;
  error?: string | undefined;
}

/** A phone number with its country code: a country select and the national number. */
export function PhoneField({ id, country, onCountry, value, onValue, onBlur, error }: PhoneFieldProps) {
  const intl = useIntl();
  const choices = useMemo(() => countryChoices(intl.locale), [intl.locale]);
  return (
    <fieldset className={error ? 'field field-invalid' : 'field'}>
      <legend>
        <FormattedMessage id="form.phone" />
      </legend>
      <div className="phone-row">
        <label htmlFor={`${id}-country`} className="visually-hidden">
          <FormattedMessage id="form.phoneCountry" />
        </label>
        <select id={`${id}-country`} value={country} onChange={(event) => onCountry(event.target.value)}>
          {choices.map((choice) => (
            <option key={choice.code} value={choice.code}>
              {choice.label}
            </option>
          ))}
        </select>
        <label htmlFor={id} className="visually-hidden">
          <FormattedMessage id="form.phoneNumber" />
        </label>
        <input
          id={id}
          type="tel"
          inputMode="tel"
          autoComplete="tel-national"
          value={value}
          onChange={(event) => onValue(event.target.value)}
          onBlur={onBlur}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
        />
      </div>
      {error && (
        <p id={`${id}-error`} className="field-error">
          {error}
        </p>
      )}
    </fieldset>
  );
}
