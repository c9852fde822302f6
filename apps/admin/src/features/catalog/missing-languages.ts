import { SUPPORTED_LOCALES } from '@shop/contract';
import type { Locale } from '@shop/contract';

/** A translated field of the goods editor and the languages it has no text in. */
export interface MissingField {
  /** Message id and values of the field's label. */
  label: { id: string; values?: Record<string, number> };
  missing: Locale[];
}

type Texts = Partial<Record<Locale, string | null | undefined>> | undefined;

interface GoodsTexts {
  translations?: Partial<Record<Locale, { name?: string; description?: string } | undefined>>;
  options?: ({ name?: Texts; values?: ({ name?: Texts } | undefined)[] } | undefined)[];
}

const missingIn = (text: (locale: Locale) => string | null | undefined) =>
  SUPPORTED_LOCALES.filter((locale) => !text(locale)?.trim());

/**
 * Every translated field of a goods (name, description, option names, option values) that lacks a text in some
 * language, in the order of the form. Saving is still allowed: shoppers then read the field in the fallback
 * order of the contract (`localeFallbacks`). A field empty in every language is not listed (it is not a
 * translation gap; the form's own rules cover required fields).
 */
export function missingLanguages(values: GoodsTexts): MissingField[] {
  const fields: MissingField[] = [];
  const add = (label: MissingField['label'], missing: Locale[]) => {
    if (missing.length > 0 && missing.length < SUPPORTED_LOCALES.length) fields.push({ label, missing });
  };
  add(
    { id: 'goods.field.name' },
    missingIn((l) => values.translations?.[l]?.name),
  );
  add(
    { id: 'goods.field.description' },
    missingIn((l) => values.translations?.[l]?.description),
  );
  (values.options ?? []).forEach((option, o) => {
    add(
      { id: 'goods.options.optionName', values: { index: o + 1 } },
      missingIn((l) => option?.name?.[l]),
    );
    (option?.values ?? []).forEach((value, v) =>
      add(
        { id: 'goods.options.valueName', values: { option: o + 1, index: v + 1 } },
        missingIn((l) => value?.name?.[l]),
      ),
    );
  });
  return fields;
}
