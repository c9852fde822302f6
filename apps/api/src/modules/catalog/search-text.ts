import * as OpenCC from 'opencc-js';
import { pinyin } from 'pinyin-pro';

/**
 * How the catalog's search reads text, the same way for goods' names and for what shoppers type:
 *
 * - Latin and other alphabetic scripts: words of letters and digits, lower-cased, accents dropped, so "cafe"
 *   finds "Café" and "CAFÉ" finds "cafe".
 * - Chinese: traditional characters read as simplified (opencc-js, Taiwan standard to mainland), so 鍵盤 and 键盘
 *   are the same word. Chinese has no spaces, so a run of Chinese characters is indexed as its single characters
 *   and its pairs of neighbouring characters: a query of one character looks the character up, a longer one
 *   needs all its pairs, which finds the query as a substring (耳机 in 无线耳机) with a small index. Each run is
 *   also kept in pinyin without tones (键盘 → "jianpan"): Chinese is typed by its sounds, so a typo is usually a
 *   character that sounds the same (建盘 for 键盘), which its pinyin forgives.
 */

const toSimplified = OpenCC.Converter({ from: 'tw', to: 'cn' });

/** A Chinese run, or a run of letters and digits of any other script. */
const WORDS = /\p{Script=Han}+|(?:(?!\p{Script=Han})[\p{L}\p{N}])+/gu;
const HAN = /^\p{Script=Han}/u;

export interface TextWord {
  /** As the index compares it: lower case, no accents, Chinese simplified. */
  norm: string;
  /** Where it stands in the original text, in UTF-16 code units. */
  start: number;
  end: number;
  chinese: boolean;
}

/** Words of names repeat (brands, kinds of goods): each is normalised once. */
const normalised = new Map<string, string>();
const MAX_NORMALISED = 200_000;

/** Whether every code unit is ASCII: such a word needs lower case only, and such a text splits without a regex. */
function isAscii(text: string): boolean {
  for (let i = 0; i < text.length; i++) if (text.charCodeAt(i) > 0x7f) return false;
  return true;
}

/** ASCII letters and digits: the characters of a word in an ASCII text. */
function isAsciiWordCode(code: number): boolean {
  return (code >= 0x61 && code <= 0x7a) || (code >= 0x41 && code <= 0x5a) || (code >= 0x30 && code <= 0x39);
}

/** Lower case, no combining marks, Chinese simplified. */
export function normalizeWord(word: string): string {
  // Most words of names and queries are plain ASCII: nothing to fold but case, and no memo to fill.
  if (isAscii(word)) return word.toLowerCase();
  let norm = normalised.get(word);
  if (norm === undefined) {
    const folded = word.normalize('NFKD').replace(/\p{M}/gu, '').toLowerCase().normalize('NFC');
    norm = HAN.test(folded) ? toSimplified(folded) : folded;
    if (normalised.size >= MAX_NORMALISED) normalised.clear();
    normalised.set(word, norm);
  }
  return norm;
}

/**
 * The words of a text with where each stands. An ASCII text (most names in en-US, most queries) is split by a
 * plain loop: the regex's Unicode classes and look-ahead per character were a tenth of a cold search's time
 * (highlighting a page of names).
 */
export function wordsOf(text: string): TextWord[] {
  const words: TextWord[] = [];
  if (isAscii(text)) {
    let start = -1;
    for (let i = 0; i <= text.length; i++) {
      const inWord = i < text.length && isAsciiWordCode(text.charCodeAt(i));
      if (inWord && start < 0) start = i;
      else if (!inWord && start >= 0) {
        words.push({ norm: text.slice(start, i).toLowerCase(), start, end: i, chinese: false });
        start = -1;
      }
    }
    return words;
  }
  for (const match of text.matchAll(WORDS)) {
    const start = match.index;
    const chinese = HAN.test(match[0]);
    words.push({ norm: normalizeWord(match[0]), start, end: start + match[0].length, chinese });
  }
  return words;
}

/** A Chinese run's single characters and neighbouring pairs (code points, so rare characters stay whole). */
export function chineseGrams(run: string): string[] {
  const chars = [...run];
  const grams = new Set(chars);
  for (let i = 0; i + 1 < chars.length; i++) grams.add(chars[i]! + chars[i + 1]!);
  return [...grams];
}

/** What a Chinese query run must all match: its character alone, or each of its pairs. */
export function chineseQueryGrams(run: string): string[] {
  const chars = [...run];
  if (chars.length === 1) return chars;
  const pairs = new Set<string>();
  for (let i = 0; i + 1 < chars.length; i++) pairs.add(chars[i]! + chars[i + 1]!);
  return [...pairs];
}

/** A Chinese run's sound, without tones, as one word: 键盘 → "jianpan". */
export function pinyinOf(run: string): string {
  return pinyin(run, { toneType: 'none', type: 'array', nonZh: 'removed' }).join('');
}

/**
 * How many edits (insertions, deletions, substitutions or swaps of two neighbouring letters: Damerau–Levenshtein)
 * a query word may be away from a word of the catalog: none under 4 letters, one from 4 to 7, two from 8.
 */
export function typoBudget(word: string): number {
  const length = [...word].length;
  if (length >= 8) return 2;
  if (length >= 4) return 1;
  return 0;
}

/**
 * Optimal string alignment distance (Damerau–Levenshtein where no part is edited twice), or `max + 1` as soon as
 * it must exceed `max`. Over code units: the words compared are normalised letters and digits.
 */
export function editDistance(a: string, b: string, max: number): number {
  if (Math.abs(a.length - b.length) > max) return max + 1;
  if (a === b) return 0;
  const width = b.length + 1;
  let beforePrevious = new Array<number>(width).fill(0);
  let previous = Array.from({ length: width }, (_, j) => j);
  let current = new Array<number>(width).fill(0);
  for (let i = 1; i <= a.length; i++) {
    current[0] = i;
    let rowMin = i;
    for (let j = 1; j <= b.length; j++) {
      const cost = a.charCodeAt(i - 1) === b.charCodeAt(j - 1) ? 0 : 1;
      let value = Math.min(previous[j]! + 1, current[j - 1]! + 1, previous[j - 1]! + cost);
      if (
        i > 1 &&
        j > 1 &&
        a.charCodeAt(i - 1) === b.charCodeAt(j - 2) &&
        a.charCodeAt(i - 2) === b.charCodeAt(j - 1)
      ) {
        value = Math.min(value, beforePrevious[j - 2]! + 1);
      }
      current[j] = value;
      if (value < rowMin) rowMin = value;
    }
    if (rowMin > max) return max + 1;
    [beforePrevious, previous, current] = [previous, current, beforePrevious];
  }
  return previous[b.length]! <= max ? previous[b.length]! : max + 1;
}
