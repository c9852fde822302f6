/** The goods editor's translation warnings and option value pictures. */
const messages = {
  'goodsLanguages.title': 'Some texts are missing in some languages',
  'goodsLanguages.hint':
    "You can save anyway. Shoppers reading a missing language see the text in their language's nearest one: the other script of Chinese, then English, then any.",
  'goodsLanguages.field': '{field}: missing in {languages}',
  'goodsLanguages.valueImage': 'Picture of option {option}, value {index}',
  'goodsLanguages.valueImageHint':
    'Optional. Shown on the product page when this value is chosen, and on cart and order lines.',
} as const;

export default messages;
