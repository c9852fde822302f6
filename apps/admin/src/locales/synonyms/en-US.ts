/**
 * The search settings' texts: the settings page's tabs and the synonym groups staff keep per language. Validation
 * texts the server also sends come from the contract's `serverMessages`.
 */
const messages = {
  'synonyms.tab.shop': 'Shop',
  'synonyms.tab.search': 'Search',
  'synonyms.title': 'Search synonyms',
  'synonyms.description':
    'Words shoppers use for one another, kept per language: a search for any word of a group also finds products named with the others ("shoes" finds "sneakers"). Changes apply at once.',
  'synonyms.languages': 'Languages',
  'synonyms.languageTab': '{language} ({count, number})',
  'synonyms.group': 'Group {index}',
  'synonyms.groupHint': 'Type a word and press Enter, a space or a comma; at least two words.',
  'synonyms.removeGroup': 'Remove group {index}',
  'synonyms.addGroup': 'Add a group',
  'synonyms.empty': 'No synonyms in {language} yet.',
  'synonyms.wordError': '“{word}”: {message}',
  'synonyms.updatedAt': 'Last saved {time}.',
  'synonyms.neverSaved': 'Never saved yet.',
  'synonyms.saved': 'The synonyms were saved; searches use them now.',
  'synonyms.invalidTab': 'Some groups need fixing in: {languages}.',
} as const;

/** A quoted word and the server's message about it read the same in English and Portuguese. */
export const sameEverywhere = ['synonyms.wordError'];

export default messages;
