import { createHash } from 'node:crypto';
import { LRUCache } from 'lru-cache';
import SearchableMap from 'minisearch/SearchableMap';
import { SUPPORTED_LOCALES, type Locale } from '@shop/contract';
import { SeenKeys } from '../../plugins/seen-keys.ts';
import { fuzzyTerms } from './fuzzy-terms.ts';
import { ListsByDoc } from './lists-by-doc.ts';
import { SearchScratch } from './search-scratch.ts';
import { SortedDocs } from './sorted-docs.ts';
import {
  chineseGrams,
  chineseQueryGrams,
  normalizeWord,
  pinyinOf,
  typoBudget,
  wordsOf,
  type TextWord,
} from './search-text.ts';

/**
 * The words of the catalog, searched as a search engine does.
 *
 * Two libraries were measured for this on the bench's 100 000 goods (bench/search-engines.ts, bench/RESULTS.md):
 * MiniSearch and Orama, each holding names and descriptions. Both took over a minute and 1 GB to build, and
 * answered a cold three-word query with typos in about 100 ms — far from the 50 ms p99 at 50 connections the
 * shop needs. What costs there is the postings: a map entry and a result object per goods and matched word.
 * So the vocabulary is MiniSearch's radix tree (`SearchableMap`: exact, prefix and edit-distance lookups of
 * words), and each word's goods are a sorted array of numbers; a description shared by many goods (templates,
 * variants) is indexed once, and its goods found through it.
 *
 * What shoppers expect of a search box (Meilisearch's rules):
 * - every word of the keyword must match, each with typos by its length (search-text.ts `typoBudget`), a swap of
 *   two neighbouring letters counting as one edit (`fuzzyTerms`: one walk of the radix tree);
 * - the last word also as a prefix, since shoppers are still typing it;
 * - synonyms staff keep per language stand in for a word;
 * - Chinese by characters, simplified and traditional alike, and by sound when the characters find nothing;
 * - ranked: a word in the name weighs three times one in the description, rarer words more, and an exact word
 *   more than a prefix, a prefix more than a typo.
 *
 * A word's matches are kept (by locale, word and whether it is the last), so a keyword made of words searched
 * before, in any combination, costs an intersection of sorted arrays. Changes to goods' texts and synonyms drop
 * them.
 */

/** Goods' texts as the index takes them. */
export interface GoodsText {
  names: (string | undefined)[];
  descriptions: (string | undefined)[];
}

/** Goods matching one word of a keyword: documents in ascending order, with their scores. */
interface WordMatches {
  docs: Int32Array;
  scores: Float64Array;
  /** The catalog's words that matched (to highlight them), normalised. */
  terms: Set<string>;
  /** Whether the word itself is a word of the catalog (or, for the last one, begins one). */
  known: boolean;
  /** Chinese matched by sound: the query run's syllables, separated by spaces. */
  sounds: string | undefined;
}

/** A short stand-in for a long text, to tell texts apart without keeping them (SHA-1, 27 characters). */
export function textDigest(text: string): string {
  return createHash('sha1').update(text).digest('base64').slice(0, 27);
}

/**
 * A stand-in for a text held as a number: the first 48 bits of its SHA-1, 16 bytes where `textDigest`'s string
 * takes 48 (a goods' names and descriptions, 100 000 of them). Two different texts share one once in 2⁴⁸.
 */
export function textNumber(text: string): number {
  return createHash('sha1').update(text).digest().readUIntBE(0, 6);
}

export interface TextMatches {
  docs: Int32Array;
  scores: Float64Array;
  /** Normalised catalog words that matched, and Chinese query runs (or their sounds) to find in names. */
  terms: Set<string>;
  chineseRuns: string[];
  soundRuns: string[];
  /** Indexes of keyword words that are not words of the catalog: "did you mean" looks at these. */
  unknownWords: number[];
}

interface QueryWord {
  text: TextWord;
  last: boolean;
}

/**
 * A word of a keyword whose goods are not scored yet (`search`): scoring all the goods of a kind of goods
 * ("charger": thousands) was a third of a cold search, and the keyword's other words then dropped most of them.
 * Scored among the goods the other words found, only those few are touched. A Chinese run is its pairs of
 * characters, every one of which must match.
 */
interface DeferredWord {
  /** Each part's candidate words (one part for a Latin word, a pair of characters each for Chinese). */
  parts: Map<string, number>[];
  known: boolean;
  /** How many goods its candidates' lists hold, duplicates counted: the smallest is scored first. */
  size: number;
}

type Field = 'name' | 'description' | 'sound';
const FIELD_WEIGHT: Record<Field, number> = { name: 3, description: 1, sound: 1 };
/** How much a match counts by how it was found. */
const EXACT = 1;
const PREFIX = 0.6;
const TYPO = 0.45;
/**
 * Matches kept per word: about 12 bytes a goods, so a word matching all 100 000 goods takes 1.2 MB. The cold
 * keywords of the bench's 100 000 goods come back to about 30 MB of words: at 24 MB the cache kept evicting words
 * it scored whole again a moment later (0.41 ms a cold keyword in process, and its copies were most of the memory
 * that made V8 collect the heap), at 32 MB 0.21 ms, at 48 MB 0.16–0.18 ms with no full collection at all.
 */
const WORD_CACHE_BYTES = 48 * 1024 * 1024;
/** Goods common to words asked together (`keptTogether`): a brand and an edition share about a thousand. */
const TOGETHER_CACHE_BYTES = 8 * 1024 * 1024;
/** Query words whose catalog words are kept (`candidateCache`): a few hundred bytes each. */
const CANDIDATE_CACHE_ENTRIES = 20_000;
const PREFIX_FROM_LENGTH = 2;
/** Marks a word of sounds (pinyin), so "pan" the sound is not "pan" the word. */
const SOUND = '~';
const HAN_START = /^\p{Script=Han}/u;
/** A prefix of one or two letters begins thousands of words; the most frequent are enough. */
const MAX_PREFIX_TERMS = 200;

/** A word of the vocabulary: the goods with it in their names or sounds, and the descriptions with it. */
interface Postings {
  /**
   * The word itself: what descriptions' word lists hold, so that a word indexed for many descriptions is one
   * string, not a copy each.
   */
  word: string;
  /** Its number in `wordById`: what goods' word lists hold. */
  id: number;
  name: SortedDocs;
  sound: SortedDocs;
  /** Description ids (see `descriptions`), not goods. */
  description: SortedDocs;
}

/**
 * Where a goods' list in `TextSearch.docWords` holds what: the counts of its names' words and of their sounds,
 * then the words' numbers (`Postings.id`) in that order, then its descriptions' ids. Numbers, not the words'
 * strings: 100 000 goods hold about 6 million, which as pointers were a sixth of the index's heap.
 */
const NAME_COUNT = 0;
const SOUND_COUNT = 1;
const FIRST_WORD = 2;

/** A description text shared by goods: its words, and the goods that carry it. */
interface SharedDescription {
  /** `textDigest` of the text: the text itself is not kept (100 000 goods × 4 languages of it). */
  digest: string;
  words: string[];
  docs: SortedDocs;
}

const pinyinCache = new LRUCache<string, string[]>({ max: 50_000 });
function pinyinSyllables(run: string): string[] {
  let syllables = pinyinCache.get(run);
  if (!syllables) {
    syllables = [...run].map(pinyinOf).filter(Boolean);
    pinyinCache.set(run, syllables);
  }
  return syllables;
}

/** A run's syllables alone (one character) or in neighbouring pairs, like its characters. */
function syllableGrams(run: string): string[] {
  const syllables = pinyinSyllables(run);
  if (syllables.length <= 1) return syllables;
  const grams = new Set<string>();
  for (let i = 0; i + 1 < syllables.length; i++) grams.add(`${syllables[i]}${syllables[i + 1]}`);
  return [...grams];
}

/** The indexed words of a text: Latin words, Chinese characters and pairs; sounds of the Chinese if asked. */
function indexWords(text: string | undefined, into: Set<string>, sounds?: Set<string>): void {
  if (!text) return;
  for (const word of wordsOf(text)) {
    if (!word.chinese) {
      into.add(word.norm);
      continue;
    }
    for (const gram of chineseGrams(word.norm)) into.add(gram);
    if (sounds) {
      for (const syllable of pinyinSyllables(word.norm)) sounds.add(SOUND + syllable);
      for (const gram of syllableGrams(word.norm)) sounds.add(SOUND + gram);
    }
  }
}

export class TextSearch {
  /** Each word's postings; the radix tree holds the same words for prefix and edit-distance lookups only. */
  private readonly words = new Map<string, Postings>();
  private readonly vocabulary = new SearchableMap<Postings>();
  /** Per goods: the words indexed for it, to take them out again, and its descriptions (see FIRST_WORD). */
  private readonly docWords = new ListsByDoc();
  /** Each word's postings by its number; numbers of words gone are reused. */
  private readonly wordById: (Postings | undefined)[] = [];
  private readonly freeWordIds: number[] = [];
  private descriptions: (SharedDescription | undefined)[] = [];
  /** Description id by `textDigest` of the text. */
  private descriptionIds = new Map<string, number>();
  private freeDescriptionIds: number[] = [];
  private docCount = 0;
  /** One more than the largest document number seen. */
  private docCapacity = 0;
  private scores = new Float64Array(0);
  private touched = new Uint32Array(0);
  /** The lists a search makes on its way; what a cache keeps is copied out (`kept`). */
  private readonly listScratch = new SearchScratch();
  private readonly wordCache = new LRUCache<string, WordMatches>({
    maxSize: WORD_CACHE_BYTES,
    sizeCalculation: (m) => m.docs.length * 12 + 200,
  });
  /** Words and candidate sets asked for lately: one is kept in `wordCache` when asked a second time. */
  private readonly wordsSeen = new SeenKeys();
  /** The goods common to words kept in `wordCache` asked together (`search`), by the words' keys. */
  private readonly keptTogether = new LRUCache<string, Scored>({
    maxSize: TOGETHER_CACHE_BYTES,
    sizeCalculation: (m) => m.docs.length * 12 + 200,
  });
  /**
   * The catalog words each query word came to (`latinCandidates`): walking the vocabulary for a word's typos was
   * a sixth of a cold search, and words come back far more often than their goods stay in `wordCache`.
   */
  private readonly candidateCache = new LRUCache<string, { candidates: Map<string, number>; known: boolean }>(
    {
      max: CANDIDATE_CACHE_ENTRIES,
    },
  );
  /** Per locale: normalised word → the words of its synonym groups. */
  private synonyms = new Map<Locale, Map<string, string[]>>();

  /** Adds or replaces the goods' texts; call `textsChanged()` when a batch is done. */
  put(doc: number, text: GoodsText): void {
    this.remove(doc);
    const name = new Set<string>();
    const sound = new Set<string>();
    for (const value of text.names) indexWords(value, name, sound);
    const descriptionIds: number[] = [];
    for (const value of new Set(text.descriptions)) {
      if (!value) continue;
      descriptionIds.push(this.shareDescription(value, doc));
    }
    const ids = new Int32Array(FIRST_WORD + name.size + sound.size + descriptionIds.length);
    ids[NAME_COUNT] = name.size;
    ids[SOUND_COUNT] = sound.size;
    let at = FIRST_WORD;
    for (const word of name) {
      const postings = this.postings(word);
      postings.name.insert(doc);
      ids[at++] = postings.id;
    }
    for (const word of sound) {
      const postings = this.postings(word);
      postings.sound.insert(doc);
      ids[at++] = postings.id;
    }
    ids.set(descriptionIds, at);
    this.docWords.set(doc, ids);
    this.docCount++;
    if (doc >= this.docCapacity) this.docCapacity = doc + 1;
  }

  remove(doc: number): void {
    const view = this.docWords.get(doc);
    if (!view) return;
    // A copy: the view is of cells the next list set may move.
    const words = view.slice();
    this.docWords.delete(doc);
    this.docCount--;
    const sounds = FIRST_WORD + words[NAME_COUNT]!;
    const descriptions = sounds + words[SOUND_COUNT]!;
    for (let i = FIRST_WORD; i < descriptions; i++) {
      this.dropPosting(this.wordById[words[i]!]!, i < sounds ? 'name' : 'sound', doc);
    }
    for (const id of words.subarray(descriptions)) {
      const shared = this.descriptions[id]!;
      shared.docs.remove(doc);
      if (shared.docs.length > 0) continue;
      for (const word of shared.words) this.dropPosting(this.words.get(word)!, 'description', id);
      this.descriptions[id] = undefined;
      this.freeDescriptionIds.push(id);
      this.descriptionIds.delete(shared.digest);
    }
  }

  private shareDescription(text: string, doc: number): number {
    const digest = textDigest(text);
    let id = this.descriptionIds.get(digest);
    if (id === undefined) {
      id = this.freeDescriptionIds.pop() ?? this.descriptions.length;
      const words = new Set<string>();
      indexWords(text, words);
      const kept: string[] = [];
      for (const word of words) {
        const postings = this.postings(word);
        postings.description.insert(id);
        kept.push(postings.word);
      }
      this.descriptions[id] = { digest, words: kept, docs: new SortedDocs() };
      this.descriptionIds.set(digest, id);
    }
    this.descriptions[id]!.docs.insert(doc);
    return id;
  }

  private postings(word: string): Postings {
    let postings = this.words.get(word);
    if (!postings) {
      const id = this.freeWordIds.pop() ?? this.wordById.length;
      postings = { word, id, name: new SortedDocs(), sound: new SortedDocs(), description: new SortedDocs() };
      this.words.set(word, postings);
      this.wordById[id] = postings;
      // Only words of letters are looked up by prefix and edit distance; Chinese and pinyin grams by equality.
      if (!HAN_START.test(word) && !word.startsWith(SOUND)) this.vocabulary.set(word, postings);
    }
    return postings;
  }

  private dropPosting(postings: Postings, field: Field, id: number): void {
    postings[field].remove(id);
    if (postings.name.length + postings.sound.length + postings.description.length === 0) {
      this.words.delete(postings.word);
      if (this.vocabulary.has(postings.word)) this.vocabulary.delete(postings.word);
      this.wordById[postings.id] = undefined;
      this.freeWordIds.push(postings.id);
    }
  }

  /**
   * For each word of the goods' names held by at most `limit` goods: those goods (sorted document numbers,
   * the goods itself among them). Related goods count the words they share.
   */
  nameNeighbours(doc: number, limit: number): Int32Array[] {
    const words = this.docWords.get(doc);
    if (!words) return [];
    const neighbours: Int32Array[] = [];
    for (let i = FIRST_WORD; i < FIRST_WORD + words[NAME_COUNT]!; i++) {
      const docs = this.wordById[words[i]!]!.name;
      if (docs.length <= limit) neighbours.push(docs.view());
    }
    return neighbours;
  }

  /** Forgets every word's matches: after texts or synonyms changed. */
  textsChanged(): void {
    this.wordCache.clear();
    this.keptTogether.clear();
    this.candidateCache.clear();
  }

  /**
   * Trims every word's lists and the goods' word lists to their length, after a whole catalog was read: a list
   * grown by insertion keeps room for more. Later insertions grow a list again as needed.
   */
  compact(): void {
    this.docWords.trim();
    for (const postings of this.words.values()) {
      postings.name.trim();
      postings.sound.trim();
      postings.description.trim();
    }
  }

  setSynonyms(groups: Partial<Record<Locale, string[][]>>): void {
    this.synonyms = new Map(
      SUPPORTED_LOCALES.map((locale) => {
        const byWord = new Map<string, string[]>();
        for (const group of groups[locale] ?? []) {
          const words = [...new Set(group.map(normalizeWord))];
          for (const word of words) {
            byWord.set(word, [...new Set([...(byWord.get(word) ?? []), ...words.filter((w) => w !== word)])]);
          }
        }
        return [locale, byWord];
      }),
    );
    this.keptTogether.clear();
    this.wordCache.clear();
    this.candidateCache.clear();
  }

  /** The goods matching every word of the keyword; its goods and scores are valid until the next search. */
  search(keyword: string, locale: Locale): TextMatches {
    this.listScratch.reset();
    const words = queryWords(keyword);
    const found: (WordMatches | DeferredWord)[] = words.map(
      (word) => this.wordCache.get(wordKey(word, locale)) ?? NOT_YET,
    );
    /** The goods every word scored so far found, with their scores summed. */
    let among: Scored | undefined;
    const narrow = (matches: Scored) =>
      (among = among ? intersect([among, matches], this.listScratch) : matches);
    const kept = found.flatMap((m, i) =>
      m !== NOT_YET ? [{ matches: m as WordMatches, word: words[i]! }] : [],
    );
    if (kept.length > 1) {
      // The two largest kept lists are where intersecting costs: a brand and an edition, thousands of goods each,
      // which come together again and again. Their common goods are kept by those two words alone (with the
      // keyword's other kept words in the key, few sets came back: 27 % found), the others narrowed from there.
      kept.sort((a, b) => b.matches.docs.length - a.matches.docs.length);
      const [largest, second, ...rest] = kept;
      const key = [wordKey(largest!.word, locale), wordKey(second!.word, locale)].sort().join('\u0002');
      among = this.keptTogether.get(key);
      if (!among) {
        among = intersect([largest!.matches, second!.matches], this.listScratch);
        if (this.wordsSeen.seenBefore(key)) this.keptTogether.set(key, this.listScratch.kept(among));
      }
      for (const { matches } of rest) narrow(matches);
    } else for (const { matches } of kept) narrow(matches);
    // The other words are scored among those goods only (a brand and an edition asked often leave a few dozen),
    // unless that would cost more than scoring them whole (`matchOrDefer`).
    for (let i = 0; i < words.length; i++) {
      if (found[i] !== NOT_YET) continue;
      const m = this.matchOrDefer(words[i]!, locale, among?.docs.length);
      found[i] = m;
      if ('docs' in m) narrow(m);
    }
    // The smallest deferred word first; when no word was scored, it is scored whole.
    const deferred = found
      .map((m, i) => ({ m, i }))
      .filter((d): d is { m: DeferredWord; i: number } => !('docs' in d.m))
      .sort((a, b) => a.m.size - b.m.size);
    for (const { m, i } of deferred) {
      const parts = m.parts.map((candidates) => this.scoreAmong(candidates, among?.docs));
      let matches: WordMatches = {
        ...intersect(parts, this.listScratch),
        terms: new Set(),
        known: m.known,
        sounds: undefined,
      };
      for (const part of parts) for (const term of part.terms) matches.terms.add(term);
      // Characters that never meet in one name are looked for by sound: only the whole catalog tells.
      if (words[i]!.text.chinese && matches.docs.length === 0) matches = this.matchWord(words[i]!, locale);
      found[i] = matches;
      narrow(matches);
    }
    const matches = found as WordMatches[];
    const terms = new Set<string>();
    for (const m of matches) for (const term of m.terms) terms.add(term);
    const chineseRuns = words.filter((w, i) => w.text.chinese && !matches[i]!.sounds).map((w) => w.text.norm);
    const soundRuns = matches.flatMap((m) => (m.sounds ? [m.sounds] : []));
    const unknownWords = matches.flatMap((m, i) => (m.known ? [] : [i]));
    const { docs, scores } = among ?? intersect([], this.listScratch);
    return { docs, scores, terms, chineseRuns, soundRuns, unknownWords };
  }

  /**
   * "Did you mean": the keyword with each word that is not a word of the catalog replaced by the catalog's word
   * closest to it (up to one edit more than its typo budget), the most used first among equals; Chinese runs
   * found only by sound replaced by the characters they sounded like (`nameWithSound`). Undefined when no word
   * could be replaced.
   */
  suggest(
    keyword: string,
    locale: Locale,
    nameWithSound: (sounds: string) => string | undefined,
  ): string | undefined {
    const words = queryWords(keyword);
    let changed = false;
    let suggestion = '';
    let copied = 0;
    for (const word of words) {
      const found = this.matchWord(word, locale);
      if (found.known) continue;
      const replacement = word.text.chinese
        ? found.sounds && nameWithSound(found.sounds)
        : this.closestWord(word.text.norm);
      if (!replacement || replacement === word.text.norm) continue;
      suggestion += keyword.slice(copied, word.text.start) + replacement;
      copied = word.text.end;
      changed = true;
    }
    return changed ? (suggestion + keyword.slice(copied)).trim() : undefined;
  }

  private closestWord(word: string): string | undefined {
    const budget = Math.min(typoBudget(word) + 1, 3);
    let best: { term: string; distance: number; uses: number } | undefined;
    for (const [term, distance] of this.similarTerms(word, budget)) {
      const postings = this.words.get(term)!;
      const uses = postings.name.length;
      if (uses === 0) continue;
      if (!best || distance < best.distance || (distance === best.distance && uses > best.uses)) {
        best = { term, distance, uses };
      }
    }
    return best?.term;
  }

  /** Words of the vocabulary within `budget` edits of `word`, a swap of neighbours counting as one. */
  private similarTerms(word: string, budget: number): Map<string, number> {
    return budget <= 0 ? new Map() : fuzzyTerms(this.vocabulary, word, budget);
  }

  private matchWord(word: QueryWord, locale: Locale): WordMatches {
    const key = wordKey(word, locale);
    let found = this.wordCache.get(key);
    if (!found) {
      found = word.text.chinese ? this.matchChinese(word.text.norm) : this.matchLatin(word, locale);
      // Kept once asked again: brands and kinds of goods come back in query after query, most typos never.
      if (this.wordsSeen.seenBefore(key)) this.wordCache.set(key, this.listScratch.kept(found));
    }
    return found;
  }

  private matchLatin(word: QueryWord, locale: Locale): WordMatches {
    const { candidates, known } = this.latinCandidates(word, locale);
    return { ...this.scoreOnce(candidates), known, sounds: undefined };
  }

  /**
   * A word's matches, or its candidate words to be scored among the goods the keyword's other words found
   * (`search`): deferred when those are `among` goods few beside the word's own lists, where looking each up costs
   * little. Otherwise a word asked a second time (`wordsSeen`) is scored whole and kept, as `matchWord` does: brands
   * and kinds of goods come back in query after query; one asked once is deferred.
   */
  private matchOrDefer(
    word: QueryWord,
    locale: Locale,
    among: number | undefined,
  ): WordMatches | DeferredWord {
    const key = wordKey(word, locale);
    const cheapAmong = (size: number) => among !== undefined && among * PROBE_COST * 2 < size;
    if (word.text.chinese) {
      const grams = chineseQueryGrams(word.text.norm);
      // A pair the catalog does not have sends the run to its sounds: only `matchChinese` knows those.
      if (!grams.every((gram) => this.words.has(gram))) return this.matchWord(word, locale);
      const parts = grams.map((gram) => new Map([[gram, EXACT]]));
      const deferred = {
        parts,
        known: true,
        size: Math.min(...parts.map((part) => this.candidatesSize(part))),
      };
      if (cheapAmong(deferred.size) || !this.wordsSeen.seenBefore(key)) return deferred;
      return this.matchWord(word, locale);
    }
    const { candidates, known } = this.latinCandidates(word, locale);
    const scoreKey = candidatesKey(candidates);
    const keptScores = this.wordCache.get(scoreKey);
    if (keptScores) return { ...keptScores, known, sounds: undefined };
    const deferred = { parts: [candidates], known, size: this.candidatesSize(candidates) };
    if (cheapAmong(deferred.size)) return deferred;
    const wordAgain = this.wordsSeen.seenBefore(key);
    const candidatesAgain = this.wordsSeen.seenBefore(scoreKey);
    if (!wordAgain && !candidatesAgain) return deferred;
    const scored = this.listScratch.kept(this.score(candidates, NAME_AND_DESCRIPTION));
    if (candidatesAgain) this.wordCache.set(scoreKey, { ...scored, known: false, sounds: undefined });
    const found = { ...scored, known, sounds: undefined };
    if (wordAgain) this.wordCache.set(key, found);
    return found;
  }

  /** The catalog words a Latin word of a keyword finds, each with how much a match on it counts. */
  private latinCandidates(
    query: QueryWord,
    locale: Locale,
  ): { candidates: Map<string, number>; known: boolean } {
    const key = wordKey(query, locale);
    let found = this.candidateCache.get(key);
    if (!found) {
      found = this.findCandidates(query, locale);
      this.candidateCache.set(key, found);
    }
    return found;
  }

  private findCandidates(
    { text, last }: QueryWord,
    locale: Locale,
  ): { candidates: Map<string, number>; known: boolean } {
    const word = text.norm;
    /** Catalog word → how much a match on it counts. */
    const candidates = new Map<string, number>();
    const take = (term: string, weight: number) => {
      if ((candidates.get(term) ?? 0) < weight) candidates.set(term, weight);
    };
    if (this.words.has(word)) take(word, EXACT);
    for (const synonym of this.synonyms.get(locale)?.get(word) ?? []) {
      if (this.words.has(synonym)) take(synonym, EXACT);
    }
    if (last && word.length >= PREFIX_FROM_LENGTH) {
      let taken = 0;
      for (const [term] of this.vocabulary.atPrefix(word)) {
        if (term !== word) take(term, PREFIX);
        if (++taken >= MAX_PREFIX_TERMS) break;
      }
    }
    for (const [term, distance] of this.similarTerms(word, typoBudget(word))) {
      if (distance > 0) take(term, TYPO / distance);
    }
    const known =
      candidates.get(word) === EXACT ||
      [...candidates.values()].some((w) => w === PREFIX) ||
      (this.synonyms
        .get(locale)
        ?.get(word)
        ?.some((s) => candidates.has(s)) ??
        false);
    return { candidates, known };
  }

  /**
   * `score` restricted to the goods `among` (all goods when undefined). When those are few beside the candidates'
   * lists (a dozen goods of a brand and edition against a kind of goods' thousands), each is looked up in the lists
   * instead of reading them whole.
   */
  private scoreAmong(
    candidates: Map<string, number>,
    among: Int32Array | undefined,
  ): Pick<WordMatches, 'docs' | 'scores' | 'terms'> {
    if (!among) return this.score(candidates, NAME_AND_DESCRIPTION);
    const lists = this.scoredLists(candidates, NAME_AND_DESCRIPTION);
    const size = lists.docs.reduce((sum, list) => sum + list.length, 0);
    if (among.length * lists.docs.length * PROBE_COST > size) {
      return this.score(candidates, NAME_AND_DESCRIPTION, [bitsOf(among, this.listScratch)]);
    }
    const docs = this.listScratch.docs(among.length);
    const scores = this.listScratch.scores(among.length);
    const cursors = new Int32Array(lists.docs.length);
    let found = 0;
    for (let d = 0; d < among.length; d++) {
      const doc = among[d]!;
      let best = 0;
      for (let l = 0; l < lists.docs.length; l++) {
        const list = lists.docs[l]!;
        const at = lowerBoundOfDocs(list, doc, cursors[l]!);
        cursors[l] = at;
        if (at < list.length && list[at] === doc && lists.points[l]! > best) best = lists.points[l]!;
      }
      if (best === 0) continue;
      docs[found] = doc;
      scores[found++] = best;
    }
    return { docs: docs.subarray(0, found), scores: scores.subarray(0, found), terms: lists.terms };
  }

  /** The goods in the lists `score` would read for these candidates, duplicates counted. */
  private candidatesSize(candidates: Map<string, number>): number {
    let size = 0;
    for (const [term, weight] of candidates) {
      const postings = this.words.get(term);
      if (!postings) continue;
      size += postings.name.length;
      if (weight === PREFIX) continue;
      for (const id of postings.description.view()) size += this.descriptions[id]?.docs.length ?? 0;
    }
    return size;
  }

  /**
   * `score` in names and descriptions, kept by the candidate words: misspellings of one word ("genelation",
   * "generatoin") come down to the same catalog words, and a new typo then costs the walk of the vocabulary but
   * not a pass over the goods of "generation" again.
   */
  private scoreOnce(candidates: Map<string, number>): Pick<WordMatches, 'docs' | 'scores' | 'terms'> {
    const key = candidatesKey(candidates);
    const kept = this.wordCache.get(key);
    if (kept) return kept;
    const scored = this.score(candidates, NAME_AND_DESCRIPTION);
    if (this.wordsSeen.seenBefore(key))
      this.wordCache.set(key, { ...this.listScratch.kept(scored), known: false, sounds: undefined });
    return scored;
  }

  /** Every pair of the run's characters (or its one character); failing that, the same syllables. */
  private matchChinese(run: string): WordMatches {
    const grams = chineseQueryGrams(run);
    const byCharacters = intersect(
      grams.map((gram) =>
        this.score(new Map(this.words.has(gram) ? [[gram, EXACT]] : []), NAME_AND_DESCRIPTION),
      ),
      this.listScratch,
    );
    if (byCharacters.docs.length > 0)
      return { ...byCharacters, terms: new Set(), known: true, sounds: undefined };
    const sounds = syllableGrams(run).map((gram) => SOUND + gram);
    const bySound = intersect(
      sounds.map((gram) => this.score(new Map(this.words.has(gram) ? [[gram, TYPO]] : []), SOUND_ONLY)),
      this.listScratch,
    );
    return { ...bySound, terms: new Set(), known: false, sounds: pinyinSyllables(run).join(' ') };
  }

  /**
   * The goods with any of the candidate words in the given fields, each scored by its best word: the field's
   * weight × how the word was found × how rare the word is. With `within`, only the goods whose bit is set in
   * every one of those sets (the goods the keyword's other words found) are scored.
   */
  private score(
    candidates: Map<string, number>,
    fields: readonly Field[],
    within: readonly Uint32Array[] = [],
  ): Pick<WordMatches, 'docs' | 'scores' | 'terms'> {
    const best = this.scratch(this.docCapacity);
    // The goods touched, as bits: read in order they give the matches sorted, where sorting the numbers (or reading
    // every goods' score) cost most of the scoring.
    const touched = this.touchedScratch(this.docCapacity);
    let touchedCount = 0;
    let firstCell = touched.length;
    let lastCell = -1;
    const lists = this.scoredLists(candidates, fields);
    for (let l = 0; l < lists.docs.length; l++) {
      const docs = lists.docs[l]!;
      const points = lists.points[l]!;
      docs: for (let k = 0; k < docs.length; k++) {
        const doc = docs[k]!;
        for (let w = 0; w < within.length; w++) {
          const set = within[w]!;
          const cell = doc >>> 5;
          if (cell >= set.length || (set[cell]! & (1 << (doc & 31))) === 0) continue docs;
        }
        const now = best[doc]!;
        if (now === 0) {
          const cell = doc >>> 5;
          touched[cell]! |= 1 << (doc & 31);
          if (cell < firstCell) firstCell = cell;
          if (cell > lastCell) lastCell = cell;
          touchedCount++;
        }
        if (now < points) best[doc] = points;
      }
    }
    const terms = lists.terms;
    const docs = this.listScratch.docs(touchedCount);
    const scores = this.listScratch.scores(touchedCount);
    let at = 0;
    for (let cell = firstCell; cell <= lastCell; cell++) {
      let bits = touched[cell]!;
      if (bits === 0) continue;
      touched[cell] = 0;
      while (bits !== 0) {
        const lowest = bits & -bits;
        const doc = (cell << 5) | (31 - Math.clz32(lowest));
        docs[at] = doc;
        scores[at++] = best[doc]!;
        best[doc] = 0;
        bits ^= lowest;
      }
    }
    return { docs, scores, terms };
  }

  /**
   * The sorted goods lists the candidate words are found in, in the given fields, each with what a match in it
   * counts: the field's weight × how the word was found × how rare the word is in that field. Also the words found
   * in names, to highlight.
   */
  private scoredLists(
    candidates: Map<string, number>,
    fields: readonly Field[],
  ): { docs: Int32Array[]; points: number[]; terms: Set<string> } {
    const docs: Int32Array[] = [];
    const points: number[] = [];
    const terms = new Set<string>();
    const total = Math.max(1, this.docCount);
    for (const [term, weight] of candidates) {
      const postings = this.words.get(term);
      if (!postings) continue;
      for (const field of fields) {
        const ids = postings[field];
        // A prefix is looked for in names only: in descriptions a short beginning matches most goods.
        if (ids.length === 0 || (weight === PREFIX && field === 'description')) continue;
        const lists =
          field === 'description'
            ? Array.from(ids.view(), (id) => this.descriptions[id]?.docs.view() ?? NO_DOCS)
            : [ids.view()];
        const count = lists.reduce((sum, list) => sum + list.length, 0);
        const fieldPoints = FIELD_WEIGHT[field] * weight * Math.log(1 + total / Math.max(1, count));
        for (const list of lists) {
          docs.push(list);
          points.push(fieldPoints);
        }
      }
      if (fields.includes('name') && postings.name.length > 0) terms.add(term);
    }
    return { docs, points, terms };
  }

  /** A zeroed bit per goods, reused by `score`: every use zeroes what it set. */
  private touchedScratch(size: number): Uint32Array {
    const cells = (size >>> 5) + 1;
    if (this.touched.length < cells) this.touched = new Uint32Array(Math.max(cells, this.touched.length * 2));
    return this.touched;
  }

  /** A zeroed buffer of a score per goods, reused: every use zeroes what it touched. */
  private scratch(size: number): Float64Array {
    if (this.scores.length < size) this.scores = new Float64Array(Math.max(size, this.scores.length * 2));
    return this.scores;
  }

  /** Syllables of a Chinese run: to find where a name sounds like a query run. */
  static soundsOf(run: string): string[] {
    return pinyinSyllables(run);
  }
}

function queryWords(keyword: string): QueryWord[] {
  const words = wordsOf(keyword).slice(0, MAX_QUERY_WORDS);
  return words.map((text, i) => ({ text, last: i === words.length - 1 && !/\s$/.test(keyword) }));
}

const NO_DOCS = new Int32Array(0);
const NAME_AND_DESCRIPTION: readonly Field[] = ['name', 'description'];
/**
 * Scoring a deferred word among few goods: looking each up in every one of the word's lists (a galloping search)
 * is taken to cost this many reads of a list's goods.
 */
const PROBE_COST = 4;

/** A word of `search` not looked at yet. */
const NOT_YET: DeferredWord = { parts: [], known: false, size: 0 };

const SOUND_ONLY: readonly Field[] = ['sound'];

const wordKey = (word: QueryWord, locale: Locale) =>
  `${locale}\u0000${word.last ? 1 : 0}\u0000${word.text.norm}`;

/** The word cache's key for a set of candidate words and their weights, in any order. */
const candidatesKey = (candidates: Map<string, number>) =>
  `\u0001${[...candidates]
    .map(([term, weight]) => `${term}\u0000${weight}`)
    .sort()
    .join('\u0000')}`;

/** Words past this many are ignored: real searches have two or three. */
const MAX_QUERY_WORDS = 8;

/**
 * Membership bits of long match lists, made the first time such a list is intersected and kept as long as the list
 * is (a word's matches stay in the word cache). Testing a bit costs a few nanoseconds where a binary search's
 * unpredictable branches cost tens: a brand and an edition ("aurora pro") match 8 000 and 12 000 goods, and every
 * goods of the keyword's rarest word was looked up in both.
 */
const membership = new WeakMap<Int32Array, Uint32Array>();
/** Lists shorter than this are searched: their bits would cost more to make than the searches they save. */
const BITS_FROM_LENGTH = 1024;

function bitsOf(docs: Int32Array, scratch: SearchScratch): Uint32Array {
  let bits = membership.get(docs);
  if (!bits) {
    // A list of the scratch's lives for one search: its bits too.
    const cells = (docs[docs.length - 1]! >>> 5) + 1;
    const own = scratch.holds(docs);
    bits = own ? scratch.bits(cells) : new Uint32Array(cells);
    for (let i = 0; i < docs.length; i++) bits[docs[i]! >>> 5]! |= 1 << (docs[i]! & 31);
    if (!own) membership.set(docs, bits);
  }
  return bits;
}

/**
 * The documents in every list, with their scores summed: the smallest list's documents tested against the long
 * lists' bits, then found in each other list (by galloping search) for their scores.
 */
/** Goods in document order, with their scores beside them. */
type Scored = Pick<WordMatches, 'docs' | 'scores'>;

function intersect(lists: Scored[], scratch: SearchScratch): Scored {
  if (lists.length === 0) return { docs: new Int32Array(0), scores: new Float64Array(0) };
  if (lists.length === 1) return { docs: lists[0]!.docs, scores: lists[0]!.scores };
  const [smallest, ...others] = [...lists].sort((a, b) => a.docs.length - b.docs.length);
  // Every list's arrays in locals: the lists are objects of several shapes, and reading `.docs` off them inside the
  // loop was a megamorphic property load per goods, most of the intersection's time.
  const smallDocs = smallest!.docs;
  const smallScores = smallest!.scores;
  const otherDocs = others.map((other) => other.docs);
  const otherScores = others.map((other) => other.scores);
  const length = smallDocs.length;
  const docs = scratch.docs(length);
  const scores = scratch.scores(length);
  const cursors = new Int32Array(others.length);
  const bits = otherDocs.flatMap((list) => (list.length >= BITS_FROM_LENGTH ? [bitsOf(list, scratch)] : []));
  let found = 0;
  outer: for (let i = 0; i < length; i++) {
    const doc = smallDocs[i]!;
    const word = doc >>> 5;
    const bit = 1 << (doc & 31);
    for (let b = 0; b < bits.length; b++) {
      const set = bits[b]!;
      if (word >= set.length || (set[word]! & bit) === 0) continue outer;
    }
    let score = smallScores[i]!;
    for (let o = 0; o < otherDocs.length; o++) {
      const list = otherDocs[o]!;
      const at = lowerBoundOfDocs(list, doc, cursors[o]!);
      cursors[o] = at;
      if (at >= list.length) break outer;
      if (list[at] !== doc) continue outer;
      score += otherScores[o]![at]!;
    }
    docs[found] = doc;
    scores[found] = score;
    found++;
  }
  return { docs: docs.subarray(0, found), scores: scores.subarray(0, found) };
}

/**
 * `lowerBound` over a match list from `from`: a few steps one by one first (the goods looked for are often close
 * together: a brand's among an edition's, where galloping's unpredictable branches cost more than the steps), then
 * galloping. Kept apart so that it only ever sees Int32Arrays and stays fast.
 */
function lowerBoundOfDocs(sorted: Int32Array, value: number, from: number): number {
  const length = sorted.length;
  let low = from;
  const near = Math.min(length, from + LINEAR_STEPS);
  while (low < near && sorted[low]! < value) low++;
  if (low < near || low === length) return low;
  let step = 1;
  while (low + step < length && sorted[low + step]! < value) {
    low += step;
    step *= 2;
  }
  let high = Math.min(length, low + step + 1);
  while (low < high) {
    const mid = (low + high) >>> 1;
    if (sorted[mid]! < value) low = mid + 1;
    else high = mid;
  }
  return low;
}

/** Steps `lowerBoundOfDocs` takes one by one before it gallops. */
const LINEAR_STEPS = 16;

/**
 * The stretches of `name` to mark: words equal to a matched catalog word (or beginning with the last query word's
 * matches), Chinese query runs found in the name, and stretches that sound like a run found by sound.
 */
export function highlightsOf(name: string, matches: TextMatches): [number, number][] {
  const ranges: [number, number][] = [];
  for (const word of wordsOf(name)) {
    if (!word.chinese) {
      if (matches.terms.has(word.norm)) ranges.push([word.start, word.end]);
      continue;
    }
    // Simplification keeps one character for one, so offsets in the normalised run are offsets in the name.
    const sameLength = word.norm.length === word.end - word.start;
    for (const run of matches.chineseRuns) {
      let from = word.norm.indexOf(run);
      while (from !== -1) {
        ranges.push(
          sameLength ? [word.start + from, word.start + from + run.length] : [word.start, word.end],
        );
        from = word.norm.indexOf(run, from + run.length);
      }
    }
    for (const sounds of matches.soundRuns) {
      const stretch = stretchSounding(word.norm, sounds);
      if (stretch)
        ranges.push(sameLength ? [word.start + stretch[0], word.start + stretch[1]] : [word.start, word.end]);
    }
  }
  return mergeRanges(ranges);
}

/** Where in a Chinese run the characters sound like `sounds` (syllables separated by spaces). */
export function stretchSounding(run: string, sounds: string): [number, number] | undefined {
  const wanted = sounds.split(' ');
  const chars = [...run];
  const syllables = chars.map((c) => TextSearch.soundsOf(c)[0] ?? '');
  for (let i = 0; i + wanted.length <= chars.length; i++) {
    if (wanted.every((s, k) => syllables[i + k] === s)) {
      const start = chars.slice(0, i).join('').length;
      return [start, start + chars.slice(i, i + wanted.length).join('').length];
    }
  }
  return undefined;
}

function mergeRanges(ranges: [number, number][]): [number, number][] {
  // Latin words come in order; sorting anyway allocated a work array per name (6 % of a cold search's garbage).
  let ordered = true;
  for (let i = 1; i < ranges.length && ordered; i++) ordered = ranges[i - 1]![0] <= ranges[i]![0];
  if (!ordered) ranges.sort((a, b) => a[0] - b[0]);
  const merged: [number, number][] = [];
  for (const range of ranges) {
    const lastRange = merged.at(-1);
    if (lastRange && range[0] <= lastRange[1]) lastRange[1] = Math.max(lastRange[1], range[1]);
    else merged.push([range[0], range[1]]);
  }
  return merged;
}
