import { AppError, Code } from '@shop/contract';
import type { ShopperMessageKey } from '@shop/contract';
import { useState } from 'react';
import type { FormEvent } from 'react';
import { useIntl } from 'react-intl';
import { contractKeyOf } from './contract-text.ts';

export type FieldErrors<K extends string> = Partial<Record<K, string>>;

/** Client-side rules: the first broken rule's message per field, nothing for a valid field. */
export type Validate<V> = (values: V) => FieldErrors<Extract<keyof V, string>>;

/** Refusals (code 2) that concern one field, by their contract key: shown under that field. */
export type RefusalFields<K extends string> = Partial<Record<ShopperMessageKey, K>>;

/**
 * A small controlled form: values, per-field messages (shown after a field is left or the form submitted, and
 * updated as the shopper types), server refusals mapped back onto the fields, and focus on the first invalid
 * field.
 */
export function useForm<V extends Record<string, string>>(
  formId: string,
  initial: V,
  validate: Validate<V>,
  refusalFields: RefusalFields<Extract<keyof V, string>> = {},
) {
  type K = Extract<keyof V, string>;
  const { locale } = useIntl();
  const [values, setValues] = useState<V>(initial);
  const [errors, setErrors] = useState<FieldErrors<K>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);

  const fieldId = (name: K) => `${formId}-${name}`;

  const setValue = (name: K, value: string) => {
    const next = { ...values, [name]: value };
    setValues(next);
    // Once a message shows, it follows the typing; a field without one is checked when left.
    if (errors[name] !== undefined) setErrors((current) => ({ ...current, [name]: validate(next)[name] }));
  };

  const touch = (name: K) => setErrors((current) => ({ ...current, [name]: validate(values)[name] }));

  const focusFirst = (found: FieldErrors<K>) => {
    const first = (Object.keys(values) as K[]).find((name) => found[name]);
    if (first) document.getElementById(fieldId(first))?.focus();
  };

  /**
   * Shows a refusal where it stays readable after the API client's 1 s toast: code 1 messages under their
   * fields, a refusal about one field (`refusalFields`) under it, anything else above the submit button.
   */
  const showFailure = (error: unknown) => {
    if (!(error instanceof AppError)) throw error;
    let found: FieldErrors<K> = {};
    if (error.code === Code.validation && error.fields) {
      found = Object.fromEntries(
        Object.entries(error.fields).filter(([name, text]) => name in values && text),
      ) as FieldErrors<K>;
    } else {
      const key = contractKeyOf(error.message, locale);
      const field = key && refusalFields[key];
      if (field) found = { [field]: error.message } as FieldErrors<K>;
    }
    if (Object.keys(found).length > 0) {
      setErrors((current) => ({ ...current, ...found }));
      focusFirst(found);
    } else {
      setFormError(error.message);
    }
  };

  const onSubmit = (action: (values: V) => Promise<void>) => async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (submitting) return;
    const found = validate(values);
    setErrors(found);
    setFormError(null);
    if (Object.values(found).some(Boolean)) {
      focusFirst(found);
      return;
    }
    setSubmitting(true);
    try {
      await action(values);
    } catch (error) {
      showFailure(error);
    } finally {
      setSubmitting(false);
    }
  };

  /** Props for a `Field`: id, value, change and blur handling, message. */
  const field = (name: K) => ({
    id: fieldId(name),
    name,
    value: values[name],
    onValue: (value: string) => setValue(name, value),
    onBlur: () => touch(name),
    error: errors[name],
  });

  return {
    values,
    setValue,
    errors,
    setErrors,
    formError,
    setFormError,
    submitting,
    onSubmit,
    showFailure,
    field,
    fieldId,
    touch,
  };
}
