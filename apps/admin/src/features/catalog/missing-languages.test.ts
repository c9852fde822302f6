import { describe, expect, it } from 'vitest';
import { missingLanguages } from './missing-languages.ts';

describe("the goods editor's missing languages", () => {
  it('names each field and the languages it lacks', () => {
    const fields = missingLanguages({
      translations: {
        'zh-CN': { name: '茶杯', description: '' },
        'en-US': { name: 'Cup', description: 'Fine.' },
      },
      options: [
        {
          name: { 'en-US': 'Colour' },
          values: [{ name: { 'en-US': 'Red', 'zh-CN': '红', 'zh-TW': '紅', 'pt-BR': 'Vermelho' } }],
        },
      ],
    });
    expect(fields).toEqual([
      { label: { id: 'goods.field.name' }, missing: ['pt-BR', 'zh-TW'] },
      { label: { id: 'goods.field.description' }, missing: ['pt-BR', 'zh-CN', 'zh-TW'] },
      {
        label: { id: 'goods.options.optionName', values: { index: 1 } },
        missing: ['pt-BR', 'zh-CN', 'zh-TW'],
      },
    ]);
  });

  it('lists nothing when every field is in every language, or a field is empty everywhere', () => {
    const all = { 'en-US': 'a', 'pt-BR': 'b', 'zh-CN': 'c', 'zh-TW': 'd' };
    expect(
      missingLanguages({
        translations: Object.fromEntries(
          Object.entries(all).map(([l, name]) => [l, { name, description: '' }]),
        ),
        options: [{ name: all, values: [{ name: all }] }],
      }),
    ).toEqual([]);
  });
});
