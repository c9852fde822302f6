/**
 * The back office's shipping zones page (`/list/shipping`): where the shop ships, by which methods, at which
 * fees and how fast. Validation texts the server also sends come from the contract's `serverMessages`.
 */
const messages = {
  'menu.list.shipping': 'Shipping zones',
  'shipping.title': 'Shipping zones',
  'shipping.description':
    "Where the shop ships and how. An address gets its state's zone, else its country's; addresses no zone covers pay the shop's general shipping fee. Fees are in the shop's currency and converted like prices.",
  'shipping.readOnly': 'Only admins can add, change or delete shipping zones.',
  'shipping.add': 'Add a zone',
  'shipping.empty': 'No shipping zones yet.',
  'shipping.column.name': 'Zone',
  'shipping.column.places': 'Places',
  'shipping.column.methods': 'Methods',
  'shipping.placeRegion': '{region}, {country}',
  'shipping.summary.days': '{min, plural, one {# day} other {# days}}',
  'shipping.summary.dayRange': '{min}–{max} days',
  'shipping.summary.bandUpTo': '{fee} up to {limit}',
  'shipping.summary.bandAbove': '{fee} over {limit}',
  'shipping.summary.free': 'free',
  'shipping.summary.freeOver': "Free over the market's threshold",
  'shipping.pricing.flat': 'One fee',
  'shipping.pricing.weight': 'By weight',
  'shipping.pricing.value': 'By order value',
  'shipping.editNamed': 'Edit {name}',
  'shipping.deleteNamed': 'Delete {name}',
  'shipping.deleteConfirm': 'Delete the zone {name}?',
  'shipping.deleteHint':
    "Its places will get the methods of the zone of their country, if any, or the shop's general fee.",
  'shipping.created': 'The zone {name} was added.',
  'shipping.saved': 'The zone {name} was saved.',
  'shipping.deleted': 'The zone {name} was deleted.',
  'shipping.form.addTitle': 'Add a shipping zone',
  'shipping.form.editTitle': 'Edit the zone {name}',
  'shipping.form.add': 'Add the zone',
  'shipping.field.name': 'Zone name',
  'shipping.field.places': 'Places',
  'shipping.field.placesHint':
    'Whole countries, or single states or provinces. A place belongs to one zone only; a state’s zone comes before its country’s.',
  'shipping.place.country': 'Place {index}: country',
  'shipping.place.region': 'Place {index}: state or province',
  'shipping.place.whole': 'Whole country',
  'shipping.place.remove': 'Remove place {index}',
  'shipping.place.add': 'Add a place',
  'shipping.countryOption': '{name} ({code})',
  'shipping.field.methods': 'Methods',
  'shipping.method.legend': 'Method {index}',
  'shipping.method.remove': 'Remove method {index}',
  'shipping.method.add': 'Add a method',
  'shipping.method.name': 'Name',
  'shipping.method.pricing': 'Pricing',
  'shipping.method.fee': 'Fee ({currency})',
  'shipping.method.freeOverThreshold': "Free from the market's free-shipping threshold",
  'shipping.method.minDays': 'Earliest delivery (days)',
  'shipping.method.maxDays': 'Latest delivery (days)',
  'shipping.method.daysHint': 'Days from payment to delivery.',
  'shipping.bands.weight': 'Fees by parcel weight',
  'shipping.bands.value': 'Fees by order value',
  'shipping.bands.hint':
    'From the smallest limit up. A parcel above the last limit cannot go by this method, unless the last band is left open.',
  'shipping.band.upToGrams': 'Band {index}: up to (g)',
  'shipping.band.upToValue': 'Band {index}: up to ({currency})',
  'shipping.band.fee': 'Band {index}: fee ({currency})',
  'shipping.band.open': 'Empty: and above.',
  'shipping.band.remove': 'Remove band {index}',
  'shipping.band.add': 'Add a band',
} as const;

/** A country's name beside its code reads the same everywhere; "São Paulo, Brazil" in English and Portuguese. */
export const sameEverywhere = ['shipping.countryOption', 'shipping.placeRegion'];

export default messages;
