/**
 * The back office's markets page (`/list/markets`): where the shop sells, in which currency, at which rate and
 * rounding. Validation texts the server also sends come from the contract's `serverMessages`.
 */
const messages = {
  'menu.list.markets': 'Markets',
  'markets.title': 'Markets',
  'markets.description':
    "Where the shop sells and in which currency. A market's prices are the shop's own prices times its exchange rate, always rounded up by its rule.",
  'markets.readOnly': 'Only admins can add, change or delete markets.',
  'markets.add': 'Add a market',
  'markets.empty': 'No markets yet.',
  'markets.base': "Shop's own",
  'markets.column.name': 'Name',
  'markets.column.code': 'Code',
  'markets.column.currency': 'Currency',
  'markets.column.countries': 'Countries',
  'markets.column.rate': 'Exchange rate',
  'markets.column.rounding': 'Rounding',
  'markets.column.taxInclusive': 'Tax included',
  'markets.column.defaultLocale': 'Default language',
  'markets.rateValue': '1 {base} = {rate} {currency}',
  'markets.rounding.none': 'Up to the cent',
  'markets.rounding.whole': 'Up to a whole unit',
  'markets.rounding.ninety': 'Up to ,90 / .90',
  'markets.editNamed': 'Edit {name}',
  'markets.deleteNamed': 'Delete {name}',
  'markets.deleteConfirm': 'Delete the market {name}?',
  'markets.deleteHint': "Shoppers in its countries will see the shop's own prices instead.",
  'markets.created': 'The market {name} was added.',
  'markets.saved': 'The market {name} was saved.',
  'markets.deleted': 'The market {name} was deleted.',
  'markets.form.addTitle': 'Add a market',
  'markets.form.editTitle': 'Edit the market {name}',
  'markets.field.code': 'Code',
  'markets.field.codeHint': '2 to 8 letters, such as JP. It cannot be changed later.',
  'markets.field.name': 'Name',
  'markets.field.currency': 'Currency',
  'markets.field.countries': 'Countries',
  'markets.field.countriesHint':
    'Shoppers delivering to these countries buy in this market. A country belongs to one market only.',
  'markets.field.taxInclusive': 'Prices include tax',
  'markets.field.defaultLocale': 'Default language',
  'markets.field.defaultLocaleHint': "The language this market's shoppers see first.",
  'markets.field.rate': 'Exchange rate',
  'markets.field.rateHint': 'How many {currency} one {base} buys, such as 5.4 (at most six decimals).',
  'markets.field.freeShippingOver': 'Free shipping from',
  'markets.field.freeShippingOverHint':
    "Empty: the shop's general threshold at this market's rate. Applies to the shipping methods that offer free shipping.",
  'markets.field.rounding': 'Rounding',
  'markets.field.roundingHint': 'Converted prices are always rounded up, never below the rate.',
  'markets.baseLocked':
    "This is the shop's own market: its prices are the shop's, in the shop's currency at rate 1 without rounding. The shop's currency is changed in the settings.",
  'markets.countryOption': '{name} ({code})',
  'markets.currencyOption': '{code} · {name}',
} as const;

/** A currency code beside its name reads the same in English and Portuguese; "1 USD = 5.4 BRL" everywhere. */
export const sameEverywhere = ['markets.rateValue', 'markets.countryOption', 'markets.currencyOption'];

export default messages;
