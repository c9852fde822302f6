/**
 * The back office's tax pages: the tax rates (`/list/tax-rates`) and the tax report (`/dashboard/tax-report`).
 * Validation texts the server also sends come from the contract's `serverMessages`.
 */
const messages = {
  'menu.list.taxRates': 'Tax rates',
  'taxRates.title': 'Tax rates',
  'taxRates.description':
    "The taxes in or on an order's price, by where it is delivered and the goods' tax class. A state's or province's own rate comes before its country's. Orders keep the taxes they were placed with.",
  'taxRates.readOnly': 'Only admins can add, change or delete tax rates.',
  'taxRates.add': 'Add a tax rate',
  'taxRates.empty': 'No tax rates yet: orders are placed without tax.',
  'taxRates.column.country': 'Country',
  'taxRates.column.region': 'State or province',
  'taxRates.column.taxClass': 'Tax class',
  'taxRates.column.name': 'Name',
  'taxRates.column.rate': 'Rate',
  'taxRates.wholeCountry': 'Whole country',
  'taxRates.class.standard': 'Standard',
  'taxRates.class.reduced': 'Reduced',
  'taxRates.class.zero': 'Zero',
  'taxRates.named': '{name} ({place}, {taxClass})',
  'taxRates.editNamed': 'Edit {rate}',
  'taxRates.deleteNamed': 'Delete {rate}',
  'taxRates.deleteConfirm': 'Delete the tax rate {rate}?',
  'taxRates.deleteHint':
    "New orders to this place will pay its country's rate, or no tax. Orders already placed keep their taxes.",
  'taxRates.created': 'The tax rate {name} was added.',
  'taxRates.saved': 'The tax rate {name} was saved.',
  'taxRates.deleted': 'The tax rate {name} was deleted.',
  'taxRates.form.addTitle': 'Add a tax rate',
  'taxRates.form.editTitle': 'Edit the tax rate {name}',
  'taxRates.field.country': 'Country',
  'taxRates.field.region': 'State or province',
  'taxRates.field.regionHint':
    'Leave it as the whole country unless this state or province has a rate of its own.',
  'taxRates.field.taxClass': 'Tax class',
  'taxRates.field.taxClassHint': 'Each goods has a tax class; a place has one rate per class.',
  'taxRates.field.name': 'Name',
  'taxRates.field.rate': 'Rate',
  'taxRates.field.rateHint': 'A percentage from 0 to 100, such as 8.875 (at most four decimals).',
  'taxRates.option': '{name} ({code})',

  'menu.dashboard.taxReport': 'Tax report',
  'taxReport.title': 'Tax report',
  'taxReport.description':
    'The taxes of the orders placed in the period and paid (shipped, completed and partly refunded ones too), by where they were delivered. Unpaid, cancelled and fully refunded orders are left out; a partly refunded order counts its taxes in full.',
  'taxReport.period': 'Period',
  'taxReport.period.thisMonth': 'This month',
  'taxReport.period.lastMonth': 'Last month',
  'taxReport.period.thisYear': 'This year',
  'taxReport.period.custom': 'Dates',
  'taxReport.period.from': 'Start date',
  'taxReport.period.to': 'End date',
  'taxReport.period.hint': 'Days in UTC, at most 366.',
  'taxReport.shown': '{from} – {to}',
  'taxReport.column.country': 'Country',
  'taxReport.column.region': 'State or province',
  'taxReport.column.name': 'Tax',
  'taxReport.column.rate': 'Rate',
  'taxReport.column.orders': 'Orders',
  'taxReport.column.amount': 'Tax collected',
  'taxReport.column.inShopCurrency': 'In {currency}',
  'taxReport.noRegion': 'None given',
  'taxReport.total': 'Total',
  'taxReport.totals.orders': 'Taxed orders',
  'taxReport.totals.amount': 'Tax collected in {currency}',
  'taxReport.totals.hint': 'Each order at the exchange rate it was placed at.',
  'taxReport.empty': 'No tax was collected in this period.',
  'taxReport.error': 'The report could not be loaded.',
} as const;

/** "Brazil (BR)", "ICMS (São Paulo, Standard)": names beside codes or names read alike in English and Portuguese. */
export const sameEverywhere = ['taxRates.option', 'taxRates.named', 'taxReport.shown'];

export default messages;
