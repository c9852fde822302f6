import type { FormInstance } from 'antd';
import type { CallOptions } from '@shop/api-client';
import { AppError, Code } from '@shop/contract';
import { showErrorToast } from '../app/toast.ts';

/**
 * Call options for a form's submit: a code-1 reply is not toasted by the client, because `showFormErrors` puts
 * its messages under the fields instead. Pass it as the last argument of an `adminApi` call.
 */
export const FORM_CALL: CallOptions = { handles: [Code.validation] };

/** A server field name (`skus.0.price`) as an antd form name path (`['skus', 0, 'price']`). */
export function fieldNamePath(name: string): (string | number)[] {
  return name.split('.').map((part) => (/^\d+$/.test(part) ? Number(part) : part));
}

/**
 * After a failed submit made with `FORM_CALL`: each code-1 message goes under its field; messages about fields
 * the form does not show become one toast (spec §8: the first message, 1 s). Other codes were already shown by
 * the client (2, 500 as a toast; 401 goes to the login page) or are the caller's (403, 404).
 */
export function showFormErrors(form: FormInstance, error: unknown): void {
  if (!(error instanceof AppError) || error.code !== Code.validation) return;
  const fields = error.fields ?? {};
  const known = new Set(form.getFieldsError().map((field) => field.name.join('.')));
  const onForm = Object.entries(fields).filter(([name]) => known.has(name));
  form.setFields(onForm.map(([name, text]) => ({ name: fieldNamePath(name), errors: [text] })));
  const elsewhere = Object.entries(fields).find(([name, text]) => !known.has(name) && text.trim() !== '');
  if (elsewhere) showErrorToast(elsewhere[1]);
  else if (onForm.length === 0) showErrorToast(error.message);
}
