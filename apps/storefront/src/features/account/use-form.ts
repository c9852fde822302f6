import { AppError, Code } from '@shop/contract';
import { useState } from 'react';
import type { FormEvent } from 'react';

export type FieldErrors<K extends string> = Partial<Record<K, string>>;

/** Client-side rules: the first broken rule's message per field, nothing for a valid field. */
export type Validate<V> = (values: V) => FieldErrors<Extract<keyof V, string>>;

/**
 * A small controlled form: values, per-field messages (shown after a field is left or the form submitted, and
 * updated as the shopper types), server refusals mapped back onto the fields, and focus on the first invalid
 * field.
 */
export function useForm<V extends Record<string, string>>(formId: string, initial: V, validate: Validate<V>) {
  type K = Extract<keyof V, string>;
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

  /** Handles a refusal: field messages from code 1, a form message for codes that get no toast. */
  const showFailure = (error: unknown) => {
    if (!(error instanceof AppError)) throw error;
    if (error.code === Code.validation && error.fields) {
      const known = Object.fromEntries(
        Object.entries(error.fields).filter(([name, text]) => name in values && text),
      ) as FieldErrors<K>;
      setErrors(known);
      focusFirst(known);
    } else if (error.code !== Code.refused && error.code !== Code.internal) {
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
