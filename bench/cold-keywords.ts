/**
 * The keywords of the cold search scenario (`run.ts`, "search, new keyword"): every request a keyword the shop
 * has never been asked, made of the catalog's words, every third one misspelt, and never the same URL twice.
 *
 * A keyword is a product word, a brand and an edition of the generated goods ("headphones aurora pro",
 * "耳机 极光 专业版"), so it finds the goods of that brand and edition whose name holds the word. The first
 * SEARCH_KEYWORDS × brands × editions (2 688) are the combinations the scenario always used, in the same order;
 * after them come the other words of the demo goods' names — Latin words of the en-US and pt-BR names, Chinese
 * words (by `Intl.Segmenter`) of the zh-CN and zh-TW names — each with the brands and editions of its own
 * locale, tens of thousands more, so that even a shop answering thousands of searches a second meets no keyword
 * twice in a run.
 *
 * Typos: every third keyword (n = 2, 5, 8, …) gets one edit in one of its Latin words of four letters or more,
 * the kind taking turns — two adjacent letters swapped, one letter changed, one dropped, one added — the word
 * and position drawn from a random stream seeded by n, so a run is the same every time. Chinese words are left
 * as they are (a keyword with no Latin word that long goes without a typo). Should a misspelt keyword come out
 * equal to one already asked, or the keywords run out, a price cap above every price (same goods found) makes
 * the URL new.
 */
import type { Locale } from '@shop/contract';
import { DEMO_CATALOG, randomInt, randomStream } from '@shop/db/seed';
import { at } from './report.ts';
import { BRANDS, EDITIONS } from './seed-large-catalog.ts';

/**
 * What shoppers type, in the four locales, one or two characters of Chinese, and misspelt: words of the demo
 * goods, which the generated goods vary, so each finds about 1 in 70 of them or more.
 */
export const SEARCH_KEYWORDS = [
  'headphones',
  'keyboard',
  'lamp',
  'mug',
  'backpack',
  'speaker',
  'charger',
  'sneakers',
  'wireless',
  'stainless',
  'cotton',
  'yoga',
  'caneca',
  'mochila',
  'fone',
  'teclado',
  'garrafa',
  'camiseta',
  '耳机',
  '键盘',
  '背包',
  '台灯',
  '音箱',
  '耳機',
  '鍵盤',
  '杯',
  'hedphones',
  'keybord',
] as const;

/** Above every price in the catalog: a cap that changes which search it is, not what it finds. */
export const PRICE_CAP_ABOVE_ALL = 10_000_000;

/** How many keywords SEARCH_KEYWORDS makes with a brand and an edition (the scenario's first ones). */
export const KEYWORD_COMBINATIONS = SEARCH_KEYWORDS.length * BRANDS.length * EDITIONS.length;

export const TYPO_KINDS = ['transposition', 'substitution', 'deletion', 'insertion'] as const;
export type TypoKind = (typeof TYPO_KINDS)[number];

/** Every TYPO_EVERY-th keyword is misspelt. */
const TYPO_EVERY = 3;
/** Words shorter than this are left alone: a shopper's typo in "mug" is another word. */
const TYPO_MIN_LETTERS = 4;
/** Words that find most of the catalog and that nobody searches for alone. */
const STOP_WORDS = new Set(['and', 'with', 'for', 'the', 'com', 'para', 'sem', 'dos', 'das', 'que']);
const LETTERS = 'abcdefghijklmnopqrstuvwxyz';

interface ProductWord {
  word: string;
  /** The locale whose brand and edition go with it. */
  locale: Locale;
}

/** The n-th of SEARCH_KEYWORDS' combinations with a brand and an edition, in the keyword's script (n < 2 688). */
export function keywordCombination(n: number): string {
  const keyword = at(SEARCH_KEYWORDS, n % SEARCH_KEYWORDS.length);
  const locale = /\p{Script=Han}/u.test(keyword) ? 'zh-CN' : 'en-US';
  return combine({ word: keyword, locale }, Math.floor(n / SEARCH_KEYWORDS.length));
}

/**
 * The URL sequence of the cold scenario: call with n = 0, 1, 2, … in order (as the bench asks for URLs). Also
 * counts what it made, so the bench can say how many requests carried a typo.
 */
export function coldKeywordUrls() {
  const more = moreProductWords();
  const total = KEYWORD_COMBINATIONS + more.length * BRANDS.length * EDITIONS.length;
  const made = new Set<string>();
  const counts = { urls: 0, typos: 0, repeatedKeywords: 0 };
  const next = (n: number): string => {
    const plain =
      n < KEYWORD_COMBINATIONS
        ? keywordCombination(n)
        : combine(
            at(more, (n - KEYWORD_COMBINATIONS) % more.length),
            Math.floor((n - KEYWORD_COMBINATIONS) / more.length),
          );
    const typo = n % TYPO_EVERY === TYPO_EVERY - 1 ? misspell(plain, n) : undefined;
    const keyword = typo ?? plain;
    let url = `/v1/home/goods?keyword=${encodeURIComponent(keyword)}`;
    if (made.has(url) || n >= total) {
      counts.repeatedKeywords++;
      url += `&maxPrice=${PRICE_CAP_ABOVE_ALL + n}`;
    }
    made.add(url);
    counts.urls++;
    if (typo) counts.typos++;
    return url;
  };
  return { next, counts, keywords: total };
}

/**
 * `keyword` with one typo in one of its Latin words of TYPO_MIN_LETTERS or more, of the kind whose turn it is
 * for the n-th keyword; undefined when it has no such word.
 */
export function misspell(keyword: string, n: number): string | undefined {
  const words = keyword.split(' ');
  const candidates = words.flatMap((word, i) =>
    /^\p{Script=Latin}+$/u.test(word) && [...word].length >= TYPO_MIN_LETTERS ? [i] : [],
  );
  if (candidates.length === 0) return undefined;
  const random = randomStream(`bench-typo:${n}`);
  const index = at(candidates, randomInt(random, 0, candidates.length - 1));
  const kind = at(TYPO_KINDS, Math.floor(n / TYPO_EVERY) % TYPO_KINDS.length);
  words[index] = typo(at(words, index), kind, random);
  return words.join(' ');
}

/** One edit of `kind` to `word` (code points, so accented letters stay whole); always a different word. */
export function typo(word: string, kind: TypoKind, random: () => number): string {
  const letters = [...word];
  const pick = (from: number, to: number) => randomInt(random, from, to);
  const otherLetter = (than: string) => {
    const choices = LETTERS.replace(than.toLowerCase(), '');
    return choices.charAt(pick(0, choices.length - 1));
  };
  switch (kind) {
    case 'transposition': {
      // Only where the two letters differ: swapping "ee" would change nothing.
      const places = letters.slice(1).flatMap((letter, i) => (letter !== letters[i] ? [i] : []));
      if (places.length === 0) return typo(word, 'substitution', random);
      const place = at(places, pick(0, places.length - 1));
      [letters[place], letters[place + 1]] = [at(letters, place + 1), at(letters, place)];
      break;
    }
    case 'substitution': {
      const place = pick(0, letters.length - 1);
      letters[place] = otherLetter(at(letters, place));
      break;
    }
    case 'deletion':
      letters.splice(pick(0, letters.length - 1), 1);
      break;
    case 'insertion':
      letters.splice(pick(0, letters.length), 0, otherLetter(''));
      break;
  }
  return letters.join('');
}

/** `product` with the c-th brand and edition (brands first), in the product word's locale. */
function combine(product: ProductWord, c: number): string {
  const brand = at(BRANDS, c % BRANDS.length)[product.locale];
  const edition = at(EDITIONS, Math.floor(c / BRANDS.length) % EDITIONS.length)[product.locale];
  return `${product.word} ${brand} ${edition}`.toLowerCase();
}

/** The words of the demo goods' names that SEARCH_KEYWORDS does not already hold, each once. */
function moreProductWords(): ProductWord[] {
  const seen = new Set<string>(SEARCH_KEYWORDS);
  const chinese = new Intl.Segmenter('zh', { granularity: 'word' });
  const words: ProductWord[] = [];
  for (const goods of DEMO_CATALOG.goods) {
    for (const { locale, name } of goods.translations) {
      const found = locale.startsWith('zh')
        ? [...chinese.segment(name)]
            .map((segment) => segment.segment)
            .filter((segment) => /^\p{Script=Han}{2,}$/u.test(segment))
        : name
            .toLowerCase()
            .split(/[^\p{L}]+/u)
            .filter((word) => [...word].length >= 3 && !STOP_WORDS.has(word));
      for (const word of found) {
        if (seen.has(word)) continue;
        seen.add(word);
        words.push({ word, locale });
      }
    }
  }
  return words;
}
